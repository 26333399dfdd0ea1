import { fieldInfo, type Endpoint, type FieldKind } from '../../../core/endpoints/index.js';
import { payloadSchema } from '../../../core/endpoints/schemas.js';

/** A value of each kind that its field accepts. */
const SAMPLE: Readonly<Record<FieldKind, unknown>> = {
  string: 'text',
  text: 'text',
  int: 1,
  number: 1.5,
  boolean: true,
  date: '2026-11-02',
  day: '2026-11-02',
  id: 1,
  serial: 1,
  ids: [1],
  flag: 1,
  take: 10,
  skip: 0,
  strings: ['a'],
  json: {},
  object: {},
};

/** A value of the entry's payload key `key` that its field accepts (within its limits). */
function sampleOf(endpoint: Endpoint, key: string): unknown {
  const field = fieldInfo(endpoint.payload?.[key] ?? 'json');
  if (field.oneOf) return field.oneOf[0];
  if (field.example !== undefined) return field.example;
  if ((field.kind === 'int' || field.kind === 'number') && field.min !== undefined) return Math.max(field.min, 1);
  if (field.kind === 'string' || field.kind === 'text')
    return 'text'.padEnd(field.min ?? 0, 'x').slice(0, field.max ?? Infinity);
  return SAMPLE[field.kind as FieldKind];
}

/**
 * A payload the entry's schema accepts: each required key with a sample of its kind (within its limits),
 * the first key of each `exactlyOne` group, and `extra` where the entry takes keys it does not name. Throws when the table's schema refuses it, so
 * a test never mistakes a 422 for the answer it checks.
 *
 * @example
 * samplePayload(endpoint, { title: 'changed' }); // { title: 'changed' } for an open entry
 */
export function samplePayload(
  endpoint: Endpoint,
  extra: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  const payload: Record<string, unknown> = endpoint.open ? { ...extra } : {};
  for (const [key, spec] of Object.entries(endpoint.payload ?? {})) {
    const field = fieldInfo(spec);
    if (!field.optional) payload[key] = sampleOf(endpoint, key);
  }
  // A group of which exactly one key must be given: its first, unless one is given already.
  for (const group of endpoint.exactlyOne ?? []) {
    const [first] = group;
    if (!group.some((key) => payload[key] !== undefined)) payload[first] = sampleOf(endpoint, first);
  }
  const parsed = payloadSchema(endpoint).safeParse(payload);
  if (!parsed.success)
    throw new Error(`samplePayload: ${endpoint.route} refuses ${JSON.stringify(payload)}: ${parsed.error.message}`);
  return payload;
}

/** A payload as a query string (GET and DELETE send theirs so). */
export function asQuery(payload: Readonly<Record<string, unknown>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(payload).map(([k, v]) => [
      k,
      typeof v === 'string' ? v : Array.isArray(v) ? v.join(',') : JSON.stringify(v),
    ]),
  );
}
