/**
 * A failure with a next step for the user: reported as the original error, then the hint
 * (`Invoice 8 is paid ...` then `To change a paid invoice, use edshed invoices update-paid`).
 *
 * @example
 * throw new HintedError(error, 'To change it, use `edshed invoices update-paid 8`');
 */
export class HintedError extends Error {
  constructor(
    override readonly cause: unknown,
    readonly hint: string,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'HintedError';
  }
}
