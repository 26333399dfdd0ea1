/**
 * THE reader of schools: a natural key (its name, or the URN or postcode the government register has for
 * it) turned into the school's id with at most one request, and a school read by id.
 *
 * A name is looked up with the API's search (`GET schools?q=`): the schools named exactly that (ignoring
 * case), else every school whose name contains it, so "Oakfield Primary" names Oakfield Primary School
 * when no other school's name has those words. A URN or postcode is looked up in the register
 * (`GET schools?dfe_schools=true&q=`), whose entries name the platform school they signed up as.
 */
import { MAX_TAKE } from '../../core/domain/constants.js';
import type { ApiMethods } from '../../core/endpoints/methods.js';
import { REGISTER_SCHOOL, SCHOOL } from '../../core/shapes/school.js';
import type { RegisterSchool, School } from '../../core/shapes/types.js';
import { CliError, EXIT } from '../errors/cli-error.js';
import { describeKeys, pickOne, readKey, type KeyText } from './keys.js';
import { checkedAnswer } from './records.js';

export { readSchool } from './reads.js';

/** A school's keys in the order a text is tried: the register's URN and postcode by their forms, then the name. */
export const SCHOOL_KEYS = [...(REGISTER_SCHOOL.keys ?? []), ...(SCHOOL.keys ?? [])];

/** What the command line may give for a school: "a school id, URN, postcode or name". */
export const SCHOOL_NAMED_BY = describeKeys(SCHOOL_KEYS, 'school');

/**
 * Reads a command-line text as a school id or one of its keys, with no request.
 *
 * @example
 * schoolKey('URN 100001') // { key: { field: 'urn', ... }, value: '100001', text: 'URN 100001' }
 */
export function schoolKey(text: string): KeyText {
  return readKey(text, SCHOOL_KEYS, 'school');
}

const squeezed = (text: string): string => text.replace(/\s+/g, '').toLowerCase();

/** The platform schools the register entries matching a URN or postcode signed up as. */
function registered(key: Extract<KeyText, { key: unknown }>, entries: readonly RegisterSchool[]): number {
  const matching = entries.filter((entry) =>
    key.key.field === 'urn' ? String(entry.urn) === key.value : squeezed(entry.postcode) === squeezed(key.value),
  );
  const signedUp = matching.filter((entry) => entry.school_id !== null);
  if (matching.length > 0 && signedUp.length === 0) {
    const names = matching.map((entry) => `${entry.name} (URN ${entry.urn}, ${entry.postcode})`).join('; ');
    throw new CliError(`the register's ${names} has no school on the platform yet; nothing was written`, EXIT.usage);
  }
  return pickOne(
    'school',
    key,
    signedUp.map((entry) => ({
      id: entry.school_id as number,
      name: `${entry.name}  URN ${entry.urn}  ${entry.postcode}`,
    })),
  );
}

/**
 * Finds the school a key names with at most one request (none for a plain id). Unknown or ambiguous: exit 2.
 *
 * @example
 * const { id } = await lookupSchool(await c.api(), schoolKey('Oakfield Primary')); // 1
 */
export async function lookupSchool(
  api: ApiMethods,
  key: KeyText,
): Promise<{ readonly id: number; readonly school?: School }> {
  if ('id' in key) return { id: key.id };
  if (key.key.field !== 'name') {
    const answer = await checkedAnswer(
      'schools list',
      await api.schools.list({ q: key.value, dfe_schools: true, take: MAX_TAKE }),
      'GET schools?dfe_schools=true',
    );
    return { id: registered(key, answer.schools as readonly RegisterSchool[]) };
  }
  const answer = await checkedAnswer(
    'schools list',
    await api.schools.list({ q: key.value, take: MAX_TAKE }),
    'GET schools',
  );
  const schools = answer.schools as readonly School[];
  const exact = schools.filter((school) => school.name.toLowerCase() === key.value.toLowerCase());
  const found = exact.length > 0 ? exact : schools;
  const more = exact.length > 0 ? 0 : answer.total - schools.length;
  const id = pickOne(
    'school',
    key,
    found.map((school) => ({ id: school.id, name: `${school.name}  ${school.country}` })),
    more,
  );
  return { id, school: found.find((school) => school.id === id) as School };
}

/**
 * The id of the school a command-line text names (at most one request; none for a plain id).
 *
 * @example
 * await resolveSchool(await c.api(), 'LS6 2AB') // 1
 */
export async function resolveSchool(api: ApiMethods, text: string): Promise<number> {
  return (await lookupSchool(api, schoolKey(text))).id;
}
