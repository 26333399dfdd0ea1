import type { ReplyProblem } from '../../shapes/schema.js';
import { ApiError, type ApiErrorDetails } from './api-error.js';

/** How many of the problems the message names (all are in `problems`). */
const NAMED = 5;

/**
 * A reply that differs from the shape its table entry declares, raised only when the client was made with
 * `validateResponses: true`. The call itself succeeded (`status` is its 2xx, `data` the body as
 * answered); `problems` lists every difference by its dotted path in the body.
 *
 * @example
 * try { await api.invoices.markPaid({ id: 6, method: 'bacs', date: '2026-11-02' }); }
 * catch (error) { if (error instanceof ResponseShapeError) for (const p of error.problems) console.error(p.path, p.message); }
 */
export class ResponseShapeError extends ApiError {
  override readonly name: string = 'ResponseShapeError';
  /** The entry whose reply differs (`invoices mark-paid`). */
  readonly command: string;
  readonly problems: readonly ReplyProblem[];

  constructor(command: string, problems: readonly ReplyProblem[], details: ApiErrorDetails = {}) {
    const named = problems.slice(0, NAMED).map((p) => `${p.path || '(body)'}: ${p.message}`);
    const more = problems.length > NAMED ? `; and ${problems.length - NAMED} more` : '';
    super(`The reply of ${command} differs from its declared shape: ${named.join('; ')}${more}`, details);
    this.command = command;
    this.problems = problems;
  }
}
