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

function issuesOf(error: { issues: readonly SchemaIssue[] }, given?: Readonly<Record<string, unknown>>): InputIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    // A required key left out reads "missing", not the schema's "expected string, received undefined".
    const missing = given !== undefined && issue.path.length === 1 && given[path] === undefined;
    const choices = issue.values ? `; one of ${issue.values.map(String).join(', ')}` : '';
    return { path, message: missing ? `missing (required)${choices}` : issue.message };
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
export function buildRequest(endpoint: Endpoint, input: Readonly<Record<string, unknown>>, options: CallOptions = {}): ApiRequest {
  // No input where none is required: nothing to check (the same answer as checking, tests/core/endpoints).
  const plain = requestWithoutInput(endpoint, input, options);
  if (plain !== undefined) return plain;
  const { params: paramInput, payload: payloadInput } = splitInput(endpoint, input);
  const issues: InputIssue[] = endpoint.params
    .filter((name) => paramInput[name] === undefined)
    .map((name) => ({ path: name, message: 'missing path parameter' }));
  const params = paramsSchema(endpoint).safeParse(paramInput);
  if (!params.success && issues.length === 0) issues.push(...issuesOf(params.error));
  let payload: Record<string, unknown> | undefined;
  if (options.body === undefined) {
    const parsed = payloadSchema(endpoint).safeParse(payloadInput);
    if (parsed.success) payload = parsed.data;
    else issues.push(...issuesOf(parsed.error, payloadInput));
  } else if (Object.keys(payloadInput).length > 0) {
    issues.push({ path: '', message: 'give either a raw body or payload keys, not both' });
  }
  if (issues.length > 0 || !params.success) throw new InvalidInputError(endpoint.command, issues);
  return requestShape(endpoint, params.data, payload, options);
}
