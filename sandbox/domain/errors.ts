/**
 * Why a business rule refuses, in the domain's words: a small closed set of kinds, a message for a person,
 * and optional details (the `errors` of an invalid payload, the attempts left...). The domain knows no
 * HTTP: the server turns each kind into a status and the platform's error code in one place
 * (`sandbox/server/errors-shape.ts`), and a thrown `DomainError` rolls the request's transaction back.
 */

/** The kinds of refusal: each is one status and error code on the wire (see the server's table). */
export const DOMAIN_ERROR_KINDS = [
  'unauthorised',
  'payment-failed',
  'forbidden',
  'not-found',
  'conflict',
  'invalid',
] as const;
export type DomainErrorKind = (typeof DOMAIN_ERROR_KINDS)[number];

/** One failed check of an invalid payload: the dotted path of the key (empty for the whole payload) and what is wrong. */
export interface InvalidField {
  readonly path: string;
  readonly message: string;
}

/**
 * A business rule's refusal.
 *
 * @example
 * throw new DomainError('conflict', `Invoice ${id} is void; only an open invoice can be marked paid`);
 */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Extra keys of the answer beside the message (`errors` for `invalid`). */
    readonly data?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/**
 * The refusal of one key of a payload (message `path: message`, `errors` naming the key).
 *
 * @example
 * throw invalid('amount', 'expected a number from 1 to 100');
 */
export function invalid(path: string, message: string): DomainError {
  return invalidFields([{ path, message }], `${path}: ${message}`);
}

/**
 * The refusal of several keys at once: the message joins them as `path: message; ...` (a blank path,
 * the whole payload, gives its message alone).
 *
 * @example
 * throw invalidFields([{ path: 'name', message: 'required' }, { path: 'seats', message: 'expected a number' }]);
 */
export function invalidFields(
  errors: readonly InvalidField[],
  message = errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('; '),
): DomainError {
  return new DomainError('invalid', message, { errors });
}

/**
 * A row that does not exist or is not the caller's to see (the two read the same, so ids do not leak).
 *
 * @example
 * throw notFound('Invoice', 12); // message 'Invoice 12 not found'
 */
export function notFound(label: string, id: number | string): DomainError {
  return new DomainError('not-found', `${label} ${id} not found`);
}
