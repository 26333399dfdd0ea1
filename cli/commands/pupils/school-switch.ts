/**
 * Writing in a school a superuser does not manage: switch the managed school there (`POST
 * users/me/manageschool`), do the work, and switch back to the school managed before, whatever happens
 * (a failure, or Ctrl-C, which lets the step in flight finish). A superuser's managed school is state on
 * the server that the website uses too, so a command must not leave it changed.
 */
import { buildRequest } from '../../../core/endpoints/call.js';
import type { ApiRequest } from '../../../core/api/types.js';
import { CliError, EXIT } from '../../errors/cli-error.js';
import type { Factory } from '../../factory/factory.js';
import { tableEndpoint } from '../../table/table-endpoint.js';
import { HintedError } from '../../write/hinted-error.js';
import { sendWrite } from '../../write/send.js';
import { describeSchool, type SchoolTarget } from './school-target.js';

/**
 * The request that makes `schoolId` the managed school. Its key is new on every call: switching is
 * harmless to repeat, while a key replayed from an earlier attempt would answer without switching, and a
 * later write would then land in whichever school was managed.
 *
 * @example
 * switchRequest(12) // { method: 'POST', path: 'users/me/manageschool', body: { schoolId: 12 }, idempotencyKey: 'edshed-cli-…-switch-school' }
 */
export function switchRequest(schoolId: number): ApiRequest {
  return buildRequest(
    tableEndpoint('me switch-school'),
    { schoolId },
    { idempotencyKey: `edshed-cli-${globalThis.crypto.randomUUID()}-switch-school` },
  );
}

/** What `inSchool` passes the work: whether Ctrl-C asked to stop (start nothing new). */
export interface SwitchedWork {
  readonly stopping: () => boolean;
}

export interface InSchoolOptions {
  /** The bulk run the writes belong to (its runner handles Ctrl-C between rows). */
  readonly runId?: string | undefined;
}

/**
 * Runs `work` with the target school managed: when the target says to switch, switches first and back
 * afterwards to the school managed before (none before: says the API has no way back to none). Outside
 * a bulk run, the first Ctrl-C lets the step in flight finish, switches back, and exits 130. A failed
 * switch back is an error of its own (exit 1, how to do it by hand) after successful work, a note after
 * failed work (whose error is the one reported).
 *
 * @example
 * const pupils = await inSchool(c, school, {}, async ({ stopping }) => generate());
 */
export async function inSchool<T>(
  c: Factory,
  school: SchoolTarget,
  options: InSchoolOptions,
  work: (switched: SwitchedWork) => Promise<T>,
): Promise<T> {
  if (!school.switchFirst) return work({ stopping: () => false });
  const note = (line: string) => (c.globals.quiet ? undefined : c.io.stderr.write(`${line}\n`));
  const run = options.runId ? { runId: options.runId } : {};
  const signal = options.runId ? undefined : c.io.interrupts({ quiet: true });
  const onStop = () =>
    c.io.stderr.write(
      '\nStopping after the step in flight, then switching the school you manage back. Ctrl-C again to quit now.\n',
    );
  signal?.addEventListener('abort', onStop, { once: true });
  try {
    await sendWrite(c, switchRequest(school.schoolId), run);
    note(`Switched the school you manage to ${describeSchool(school)} for now.`);
    let result: T;
    try {
      result = await work({ stopping: () => signal?.aborted === true });
    } catch (error) {
      await switchBack(c, school, run).catch((restoreError: unknown) => note(restoreFailure(school, restoreError)));
      throw error;
    }
    await switchBack(c, school, run).catch((restoreError: unknown) => {
      throw new HintedError(restoreError, restoreFailure(school, restoreError));
    });
    if (signal?.aborted)
      throw new CliError(
        'interrupted; the step in flight finished and the school you manage was switched back',
        EXIT.interrupted,
      );
    return result;
  } finally {
    signal?.removeEventListener('abort', onStop);
  }
}

async function switchBack(c: Factory, school: SchoolTarget, run: { readonly runId?: string }): Promise<void> {
  const note = (line: string) => (c.globals.quiet ? undefined : c.io.stderr.write(`${line}\n`));
  const previous = school.previous;
  if (!previous) {
    note(
      `You managed no school before, and the API has no way back to none: you now manage ${describeSchool(school)}.`,
    );
    return;
  }
  await sendWrite(c, switchRequest(previous.id), run);
  note(
    `Switched the school you manage back to ${describeSchool({ schoolId: previous.id, schoolName: previous.name, switchFirst: false })}.`,
  );
}

function restoreFailure(school: SchoolTarget, error: unknown): string {
  const back = school.previous?.id ?? '?';
  const why = error instanceof Error ? error.message : String(error);
  return `Could not switch the school you manage back to school ${back} (${why}); you still manage ${describeSchool(school)}: \`edshed me switch-school --school-id ${back}\` switches back.`;
}
