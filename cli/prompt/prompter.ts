import { CliError, EXIT } from '../errors/cli-error.js';

/**
 * Every question the CLI asks goes through a Prompter: the terminal one in the entry point, a scripted
 * one in tests. `interactive` is false when there is nobody to ask (stdin is not a terminal).
 */
export interface Prompter {
  readonly interactive: boolean;
  /** A yes/no question; true only for an explicit yes. */
  confirm(question: string): Promise<boolean>;
  /** A line of text (empty when the user just presses Enter). */
  text(question: string): Promise<string>;
  /** A line of text that is not echoed. */
  password(question: string): Promise<string>;
}

/**
 * Asks before a write that the user should think twice about. `--yes` skips the question; off a
 * terminal there is nobody to ask, so the write is refused (exit 2) and nothing is sent.
 *
 * @example
 * await confirmOrRefuse(f.prompter, 'Delete engagement snapshot 3 (2026-09-01 to 2026-11-01)?', { yes: opts.yes });
 */
export async function confirmOrRefuse(
  prompter: Prompter,
  question: string,
  options: { readonly yes?: boolean | undefined },
): Promise<void> {
  refuseUnanswerable(prompter, question, options);
  if (options.yes === true) return;
  if (!(await prompter.confirm(question))) throw new CliError('Cancelled; nothing was sent', EXIT.usage);
}

/**
 * Refuses (exit 2) a command whose question could not be answered: no `--yes` and no terminal. Called
 * before the reads that come ahead of the question, so that exit 2 still means no request at all.
 *
 * @example
 * refuseUnanswerable(c.prompter, 'Move subscription 5 to school 2?', { yes: options.yes });
 */
export function refuseUnanswerable(
  prompter: Prompter,
  question: string,
  options: { readonly yes?: boolean | undefined },
): void {
  if (options.yes !== true && !prompter.interactive) {
    throw new CliError(
      `${question.replace(/\?$/, '')}: pass --yes to confirm (no terminal to ask on); nothing was sent`,
      EXIT.usage,
    );
  }
}

/**
 * A prompter that answers from a list, in order, for tests and for callers that already know the answers.
 *
 * @example
 * const prompter = scriptedPrompter(['yes']);
 */
export function scriptedPrompter(
  answers: readonly string[],
  options: { readonly interactive?: boolean } = {},
): Prompter & { readonly asked: readonly string[] } {
  const queue = [...answers];
  const asked: string[] = [];
  const next = (question: string) => {
    asked.push(question);
    const answer = queue.shift();
    if (answer === undefined) throw new Error(`no scripted answer for: ${question}`);
    return Promise.resolve(answer);
  };
  return {
    interactive: options.interactive ?? true,
    asked,
    confirm: async (question) => /^y(es)?$/i.test((await next(question)).trim()),
    text: next,
    password: next,
  };
}
