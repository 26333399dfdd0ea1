/**
 * What a subscription move changes beyond its school id, said before the move is sent: a change of
 * country or currency, a district crossed, a school left with no live subscription of a product. Each
 * kind is a pure function of what was read before the write; none blocks the move (the person decides).
 */
import { findLocale, localeForCountry } from '../../../core/domain/locales.js';
import type { School, Subscription } from '../../../core/shapes/types.js';
import { productName, schoolLabel } from '../../read/records.js';

export const MOVE_WARNING_KINDS = ['country', 'currency', 'district', 'access'] as const;
export type MoveWarningKind = (typeof MOVE_WARNING_KINDS)[number];

/** One thing a move changes besides the school id, for the plan, the prompt and the plan file. */
export interface MoveWarning {
  readonly kind: MoveWarningKind;
  /** The subscription moved. */
  readonly target_id: number;
  readonly text: string;
}

/** A move as read before it is made: the subscription, the school it is at and the one it goes to. */
export interface PlannedMove {
  readonly sub: Subscription;
  readonly from: School;
  readonly to: School;
}

/** States in which a subscription gives (or is about to give) access: what a school must keep one of. */
export const LIVE_STATES: ReadonlySet<string> = new Set(['active', 'trial', 'future', 'pending', 'cancelling']);

/** A school's currency: its locale's, else its country's English locale's; undefined when neither is known. */
function currencyOf(school: Pick<School, 'locale' | 'country'>): string | undefined {
  return (findLocale(school.locale) ?? localeForCountry(school.country))?.currency;
}

/**
 * The move takes the subscription to a school of another country.
 *
 * @example
 * countryWarning({ sub, from: oakfield, to: maple })?.text // 'Subscription 5 (Spelling Shed) moves from GB to US: ...'
 */
export function countryWarning({ sub, from, to }: PlannedMove): MoveWarning | undefined {
  if (from.country.toUpperCase() === to.country.toUpperCase()) return undefined;
  return {
    kind: 'country',
    target_id: sub.id,
    text: `Subscription ${sub.id} (${productName(sub)}) moves from ${from.country} to ${to.country}: ${schoolLabel(to)} is in another country than ${from.name}.`,
  };
}

/**
 * The subscription is billed in a currency other than the one of the school it goes to: its invoices
 * stay in its own currency.
 *
 * @example
 * currencyWarning({ sub: { ...sub, currency: 'gbp' }, from, to: maple })?.text // 'Subscription 5 is billed in GBP; Maple ... pays in USD: ...'
 */
export function currencyWarning({ sub, to }: PlannedMove): MoveWarning | undefined {
  const theirs = currencyOf(to);
  if (theirs === undefined || theirs.toLowerCase() === sub.currency.toLowerCase()) return undefined;
  return {
    kind: 'currency',
    target_id: sub.id,
    text: `Subscription ${sub.id} is billed in ${sub.currency.toUpperCase()}; ${schoolLabel(to)} pays in ${theirs.toUpperCase()}: its plan and invoices stay in ${sub.currency.toUpperCase()}.`,
  };
}

const districtName = (id: number | null): string => (id === null ? 'no district' : `district ${id}`);

/**
 * The move crosses a district's boundary: into one, out of one, or from one to another.
 *
 * @example
 * districtWarning({ sub, from: oakfield, to: maple })?.text // 'Subscription 5 moves from no district to district 1 ...'
 */
export function districtWarning({ sub, from, to }: PlannedMove): MoveWarning | undefined {
  if (from.district_id === to.district_id) return undefined;
  return {
    kind: 'district',
    target_id: sub.id,
    text: `Subscription ${sub.id} moves from ${districtName(from.district_id)} (${from.name}) to ${districtName(to.district_id)} (${to.name}): the district admins who see it change.`,
  };
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Who holds a subscription's access: assigned users, teachers, groups, and every teacher when access is inferred. */
function holders(sub: Subscription, school: School): string {
  const assigned = sub.assigned;
  const named = [
    assigned && assigned.users > 0 ? plural(assigned.users, 'user') : '',
    assigned && assigned.teachers > 0 ? plural(assigned.teachers, 'teacher') : '',
    assigned && assigned.groups > 0 ? plural(assigned.groups, 'group') : '',
  ].filter(Boolean);
  const teachers =
    typeof school.teacher_count === 'number'
      ? `all ${plural(school.teacher_count, 'teacher')} of the school`
      : 'every teacher of the school';
  const parts = [
    ...(named.length > 0 ? [`${named.join(', ')} assigned to it`] : []),
    ...(sub.inferred_teacher_access ? [`${teachers} (teacher access is inferred)`] : []),
  ];
  return parts.length > 0
    ? parts.join(' and ')
    : `whoever uses it at the school (no one is assigned to it by name; ${typeof school.teacher_count === 'number' ? plural(school.teacher_count, 'teacher') : 'its teachers'})`;
}

/**
 * Schools the moves leave with no live subscription of a product, with who loses access. Judged over all
 * the moves together: a school that keeps another live subscription of the product, or gets one moved
 * in by the same run, loses nothing. `atSources` holds every subscription of the schools moved from.
 *
 * @example
 * accessWarnings([{ sub: literacy13, from: wattle, to: maple }], wattleSubs)[0]?.text
 * // 'Wattle Public School (school 3, AU) is left with no live Literacy Shed Plus subscription: ...'
 */
export function accessWarnings(moves: readonly PlannedMove[], atSources: readonly Subscription[]): MoveWarning[] {
  const school = new Map<number, number>(atSources.map((s) => [s.id, s.school_id]));
  for (const move of moves) school.set(move.sub.id, move.to.id);
  const live = [...new Map([...atSources, ...moves.map((m) => m.sub)].map((s) => [s.id, s])).values()].filter((s) =>
    LIVE_STATES.has(s.state),
  );
  const warnings: MoveWarning[] = [];
  for (const { sub, from } of moves) {
    if (!LIVE_STATES.has(sub.state) || from.id === school.get(sub.id)) continue;
    if (live.some((s) => s.product_id === sub.product_id && school.get(s.id) === from.id)) continue;
    warnings.push({
      kind: 'access',
      target_id: sub.id,
      text: `${schoolLabel(from)} is left with no live ${productName(sub)} subscription: ${holders(sub, from)} lose access when subscription ${sub.id} moves.`,
    });
  }
  return warnings;
}

/**
 * Every warning of a set of moves, by subscription, each kind in MOVE_WARNING_KINDS order.
 *
 * @example
 * moveWarnings([{ sub, from: oakfield, to: maple }], oakfieldSubs).map((w) => w.kind) // ['country', 'currency', 'district']
 */
export function moveWarnings(moves: readonly PlannedMove[], atSources: readonly Subscription[]): MoveWarning[] {
  const access = accessWarnings(moves, atSources);
  return moves.flatMap((move) =>
    [
      countryWarning(move),
      currencyWarning(move),
      districtWarning(move),
      ...access.filter((w) => w.target_id === move.sub.id),
    ].filter((w): w is MoveWarning => w !== undefined),
  );
}

/**
 * The schools a run moves subscriptions to, for its prompt: `to Maple Elementary School (school 2, US)`;
 * past three, how many more.
 *
 * @example
 * destinationText([maple, wattle]) // 'to Maple Elementary School (school 2, US) and Wattle Public School (school 3, AU)'
 */
export function destinationText(schools: readonly School[]): string {
  const unique = [...new Map(schools.map((s) => [s.id, s])).values()];
  const named = unique.slice(0, 3).map(schoolLabel);
  const more = unique.length - named.length;
  const list =
    more > 0
      ? `${named.join(', ')} and ${more} more`
      : named.length > 1
        ? `${named.slice(0, -1).join(', ')} and ${named.at(-1) ?? ''}`
        : (named[0] ?? '');
  return unique.length > 3 ? `to ${unique.length} schools: ${list}` : `to ${list}`;
}
