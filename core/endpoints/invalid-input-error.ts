/** One problem with the input of a call: where, and what is wrong. */
export interface InputIssue {
  readonly path: string;
  readonly message: string;
  /** Whether the field is a path parameter or a payload key (the CLI names a payload key by its flag). */
  readonly in?: 'path' | 'payload';
}

/**
 * The input of a call failed the table's schemas: nothing was sent.
 *
 * @example
 * try { await api.invoices.markPaid({ id: 12, method: 'bacs', date: 'soon' }); }
 * catch (e) { if (e instanceof InvalidInputError) console.error(e.issues); }
 */
export class InvalidInputError extends Error {
  constructor(
    readonly command: string,
    readonly issues: readonly InputIssue[],
  ) {
    super(
      `Invalid input for ${command}: ${issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')}`,
    );
    this.name = 'InvalidInputError';
  }
}
