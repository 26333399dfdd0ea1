import type { ApiRequest } from '../api/types.js';
import type { Endpoint } from './define.js';
import { InvalidInputError, type InputIssue } from './invalid-input-error.js';
import { requestShape, requestWithoutInput, splitInput, type CallOptions } from './request-shape.js';
import { paramsSchema, payloadSchema } from './schemas.js';

export { fillPath, type CallOptions } from './request-shape.js';

interface SchemaIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly values?: readonly unknown[];
}

/** The value given at an issue's path, when the input reaches that far. */
function valueAt(given: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (value, key) =>
      value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined,
    given,
  );
}

/**
 * The schemas' issues in the words every caller shows: a required key left out reads "missing", not
 * "expected string, received undefined"; a value outside a list names the list and what was given
 * (`expected one of bacs, card (got "bitcoin")`), not zod's quoted `"bacs"|"card"`.
 */
function issuesOf(
  error: { issues: readonly SchemaIssue[] },
  given: Readonly<Record<string, unknown>>,
  where: InputIssue['in'],
): InputIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    const value = valueAt(given, issue.path);
    const choices = issue.values?.map(String).join(', ');
    const base = { path, ...(where ? { in: where } : {}) };
    if (issue.path.length === 1 && value === undefined)
      return { ...base, message: `missing (required)${choices ? `; one of ${choices}` : ''}` };
    if (choices !== undefined)
      return { ...base, message: `expected one of ${choices} (got ${JSON.stringify(value) ?? String(value)})` };
    return { ...base, message: issue.message };
  });
}

/**
 * Builds the request for one endpoint from a single input object (path parameters and payload keys
 * together), validating both against the table. Throws InvalidInputError, naming every bad field,
 * before anything is sent.
 *
 * @example
 * buildRequest(endpoint, { id: 12, method: 'bacs', date: '2026-11-02' })
 * // { method: 'POST', path: 'superuser/invoices/12/paid', body: { method: 'bacs', date: '2026-11-02' } }
 */
export function buildRequest(
  endpoint: Endpoint,
  input: Readonly<Record<string, unknown>>,
  options: CallOptions = {},
): ApiRequest {
  // No input where none is required: nothing to check (the same answer as checking, tests/core/endpoints).
  const plain = requestWithoutInput(endpoint, input, options);
  if (plain !== undefined) return plain;
  const { params: paramInput, payload: payloadInput } = splitInput(endpoint, input);
  const issues: InputIssue[] = endpoint.params
    .filter((name) => paramInput[name] === undefined)
    .map((name) => ({ path: name, message: 'missing path parameter' }));
  const params = paramsSchema(endpoint).safeParse(paramInput);
  if (!params.success && issues.length === 0) issues.push(...issuesOf(params.error, paramInput, 'path'));
  let payload: Record<string, unknown> | undefined;
  if (options.body === undefined) {
    const parsed = payloadSchema(endpoint).safeParse(payloadInput);
    if (parsed.success) payload = parsed.data;
    else issues.push(...issuesOf(parsed.error, payloadInput, 'payload'));
  } else if (Object.keys(payloadInput).length > 0) {
    issues.push({ path: '', message: 'give either a raw body or payload keys, not both' });
  }
  if (issues.length > 0 || !params.success) throw new InvalidInputError(endpoint.command, issues);
  return requestShape(endpoint, params.data, payload, options);
}

/**
 * Checks a payload alone against the table, as `buildRequest` does (InvalidInputError naming every bad
 * field): what the requests of a run share, checked before any of its ids is known. Keys whose value is
 * undefined are left out, as `buildRequest` leaves them.
 *
 * @example
 * checkPayload(endpoint, { method: 'bacs', date: '2026-02-30' }) // throws InvalidInputError: date
 */
export function checkPayload(endpoint: Endpoint, input: Readonly<Record<string, unknown>>): void {
  const payload = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  const parsed = payloadSchema(endpoint).safeParse(payload);
  if (!parsed.success) throw new InvalidInputError(endpoint.command, issuesOf(parsed.error, payload, 'payload'));
}
