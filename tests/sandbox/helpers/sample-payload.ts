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

/**
 * A payload the entry's schema accepts: each required key with a sample of its kind (within its limits),
 * and `extra` where the entry takes keys it does not name. Throws when the table's schema refuses it, so
 * a test never mistakes a 422 for the answer it checks.
 *
 * @example
 * samplePayload(endpoint, { title: 'changed' }); // { title: 'changed' } for an open entry
 */
export function samplePayload(endpoint: Endpoint, extra: Readonly<Record<string, unknown>> = {}): Record<string, unknown> {
  const payload: Record<string, unknown> = endpoint.open ? { ...extra } : {};
  for (const [key, spec] of Object.entries(endpoint.payload ?? {})) {
    const field = fieldInfo(spec);
    if (field.optional) continue;
    if (field.oneOf) payload[key] = field.oneOf[0];
    else if (field.example !== undefined) payload[key] = field.example;
    else if ((field.kind === 'int' || field.kind === 'number') && field.min !== undefined) payload[key] = Math.max(field.min, 1);
    else if (field.kind === 'string' || field.kind === 'text') payload[key] = 'text'.padEnd(field.min ?? 0, 'x').slice(0, field.max ?? Infinity);
    else payload[key] = SAMPLE[field.kind as FieldKind];
  }
  const parsed = payloadSchema(endpoint).safeParse(payload);
  if (!parsed.success) throw new Error(`samplePayload: ${endpoint.route} refuses ${JSON.stringify(payload)}: ${parsed.error.message}`);
  return payload;
}

/** A payload as a query string (GET and DELETE send theirs so). */
export function asQuery(payload: Readonly<Record<string, unknown>>): Record<string, string> {
  return Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, typeof v === 'string' ? v : Array.isArray(v) ? v.join(',') : JSON.stringify(v)]));
}
