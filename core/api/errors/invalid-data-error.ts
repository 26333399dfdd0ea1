import type { ApiErrorDetails } from './api-error.js';
import { ApiError } from './api-error.js';

export const INVALID_DATA_MESSAGE = 'Failed - Invalid data';

/**
 * 422: the server refused the payload. `data` keeps the whole body; `fieldErrors` normalises the two
 * shapes servers commonly use for per-field messages (`errors: { field: msg | [msg] }` and
 * `errors: [{ field | path, message }]`) and is empty when the body has neither.
 *
 * @example
 * if (error instanceof InvalidDataError) for (const [field, msgs] of Object.entries(error.fieldErrors)) console.error(field, msgs.join('; '));
 */
export class InvalidDataError extends ApiError {
  override readonly name: string = 'InvalidDataError';
  readonly fieldErrors: Readonly<Record<string, readonly string[]>>;

  constructor(details: ApiErrorDetails = {}) {
    super(INVALID_DATA_MESSAGE, details);
    this.fieldErrors = fieldErrorsOf(details.data);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldErrorsOf(data: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const errors = isRecord(data) ? data['errors'] : undefined;
  const add = (field: string, message: unknown): void => {
    if (typeof message === 'string') (out[field] ??= []).push(message);
  };
  if (Array.isArray(errors)) {
    for (const item of errors) {
      if (!isRecord(item)) continue;
      const field = item['field'] ?? item['path'];
      add(Array.isArray(field) ? field.join('.') : String(field ?? ''), item['message']);
    }
  } else if (isRecord(errors)) {
    for (const [field, value] of Object.entries(errors)) {
      for (const message of Array.isArray(value) ? value : [value]) add(field, message);
    }
  }
  return out;
}
