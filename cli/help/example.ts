import { fieldInfo, type Endpoint, type FieldKind, type FieldSpec } from '../../core/endpoints/define.js';
import { flagOf } from '../input/flags.js';
import { isPasswordKey, stdinFlagOf } from '../prompt/password-input.js';

/** A sample value per field kind, chosen to pass the field's validation. */
const SAMPLE: Readonly<Record<FieldKind, string>> = {
  string: '"text"',
  text: '"text"',
  int: '1',
  number: '1.5',
  boolean: 'true',
  date: '2026-11-02',
  day: '2026-11-02',
  id: '1',
  serial: '1',
  ids: '1,2',
  flag: '1',
  take: '10',
  skip: '0',
  strings: 'a,b',
  json: `'{}'`,
  object: `'{}'`,
};

/** Sample ids for path parameters, in path order. */
const SAMPLE_IDS = ['12', '34', '56', '78'];

/** `id`, `schoolId`, `school_id`, `sid`: a parameter that takes an id. */
function isIdParam(name: string): boolean {
  return /^(id|[a-z]id)$|(Id|_id)$/.test(name);
}

/** The sample value of a required field (or one the example chooses to give), else undefined. */
function sampleOf(spec: FieldSpec, given = false): string | undefined {
  const field = fieldInfo(spec);
  if (field.optional && !given) return undefined;
  if (field.oneOf) return field.oneOf[0];
  if (field.example !== undefined) return `"${field.example}"`;
  // A sized field's sample honours its smallest value (`--seats 1` where seats start at 1).
  if (
    (field.kind === 'int' || field.kind === 'number') &&
    field.min !== undefined &&
    field.min > Number(SAMPLE[field.kind])
  )
    return String(field.min);
  // A text's sample fits its length limits (`--password "textxx"` where a password has 6 characters or more).
  if ((field.kind === 'string' || field.kind === 'text') && (field.min !== undefined || field.max !== undefined)) {
    return `"${'text'.padEnd(field.min ?? 0, 'x').slice(0, field.max ?? Infinity)}"`;
  }
  return SAMPLE[field.kind as FieldKind];
}

/**
 * A command line that calls the endpoint: its command words, path parameters as sample ids (or the
 * parameter's name where it is not an id), and each required payload key as a flag with a sample value.
 *
 * @example
 * exampleOf(ENDPOINTS.find((e) => e.command === 'invoices mark-paid')!);
 * // 'edshed invoices mark-paid 12 --method bacs --date 2026-11-02'
 */
export function exampleOf(endpoint: Pick<Endpoint, 'command' | 'params' | 'payload' | 'exactlyOne'>): string {
  let ids = 0;
  const params = endpoint.params.map((name) =>
    isIdParam(name) ? (SAMPLE_IDS[ids++ % SAMPLE_IDS.length] as string) : name,
  );
  // Of a group of which exactly one key must be given, the example gives the first.
  const chosen = new Set((endpoint.exactlyOne ?? []).map((group) => group[0]));
  const flags = Object.entries(endpoint.payload ?? {}).flatMap(([key, spec]) => {
    // A password is never a flag: a script gives it on standard input (a terminal asks for it).
    if (isPasswordKey(key)) return fieldInfo(spec).optional ? [] : [`--${stdinFlagOf(key)}`];
    const value = sampleOf(spec, chosen.has(key));
    return value === undefined ? [] : [`--${flagOf(key)} ${value}`];
  });
  return ['edshed', endpoint.command, ...params, ...flags].join(' ');
}
