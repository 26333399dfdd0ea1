import type { Command } from 'commander';
import { ApiError } from '../../../core/api/errors/index.js';
import { alreadyAtSchool } from '../../../core/domain/subscription-move.js';
import type { Endpoint } from '../../../core/endpoints/define.js';
import { buildRequest } from '../../../core/endpoints/call.js';
import { ENDPOINTS } from '../../../core/endpoints/index.js';
import { CliError, EXIT } from '../../errors/cli-error.js';
import type { Factory } from '../../factory/factory.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import { planOutput } from '../../output/plan.js';
import { printResponse } from '../../output/print-response.js';
import { confirmOrRefuse, refuseUnanswerable } from '../../prompt/prompter.js';
import { readSchool, readSubscription } from '../../read/reads.js';
import { productName, schoolLabel } from '../../read/records.js';
import { together } from '../../read/together.js';
import { idOrKey } from '../../read/keys.js';
import { resolveSchool, SCHOOL_KEYS } from '../../read/schools.js';
import { resolveSubscription, SUBSCRIPTION_KEYS } from '../../read/subscriptions.js';
import type { ApiMethods } from '../../../core/endpoints/methods.js';
import { printDryRun } from '../../write/dry-run.js';
import { HintedError } from '../../write/hinted-error.js';
import { addCuratedBulk, runCuratedBulk } from '../../bulk/curated.js';
import { addWriteOptions, writeFlags } from '../../write/options.js';
import { changedNothing, sendWrite } from '../../write/send.js';
import type { DefineCommand } from '../define.js';
import { MOVE_FIELDS, moveRow, moveSummary, type MoveOutcome } from './move-view.js';
import { singleMoveWarnings } from './move-facts.js';
import { warningText } from '../../bulk/run-warnings.js';

export interface MoveSubscriptionOptions {
  /** The subscription: its id, or a key (card reference, PO number) looked up after the local checks. */
  readonly id: number | string;
  /** The school to move it to: its id, or a key (name, URN, postcode). */
  readonly to: number | string;
  readonly dryRun?: boolean | undefined;
  readonly yes?: boolean | undefined;
  /** The write's Idempotency-Key; `edshed-<run id>-move-<id>` when absent. */
  readonly idempotencyKey?: string | undefined;
  /** The run this move belongs to (a bulk run), for the key and the audit log. */
  readonly runId?: string | undefined;
}

/** The subscription is already at that school (found by reading it): exit 1 alone, "unchanged" in a bulk run (a resume of a move already made). */
export class AlreadyThereError extends CliError {
  override readonly name = 'AlreadyThereError';
}

/** A 404 on either id: where to look the right one up. */
function hintIds(error: unknown): never {
  if (error instanceof ApiError && error.status === 404) {
    throw new HintedError(
      error,
      'Check the ids: `edshed schools find NAME` finds a school, `edshed subscriptions list --school-id ID` lists its subscriptions.',
    );
  }
  throw error;
}

/** An id as given, or the id a key names (one request; an unknown or ambiguous key exits 2, nothing moved). */
async function idOf(
  api: ApiMethods,
  given: number | string,
  resolve: (api: ApiMethods, text: string) => Promise<number>,
): Promise<number> {
  return typeof given === 'number' ? given : resolve(api, given);
}

function moveEndpoint(): Endpoint {
  const endpoint = ENDPOINTS.find((e) => e.command === 'subscriptions move');
  if (!endpoint) throw new Error('The endpoint table has no "subscriptions move"');
  return endpoint;
}

/**
 * Moves a subscription to another school: refuses at once (exit 2, no request) when the question cannot
 * be asked (no terminal, no `yes`); reads it and both schools (a move to the school it is at is refused
 * after that read, exit 1, no move sent), shows them, asks once, sends the move, reads the subscription
 * back and prints it. With `dryRun` it prints the exact request instead and sends no write. Answers
 * undefined for a dry run.
 *
 * @example
 * await runMoveSubscription(c, { id: 5, to: 2, yes: true });
 */
export async function runMoveSubscription(
  c: Factory,
  options: MoveSubscriptionOptions,
): Promise<MoveOutcome | undefined> {
  const plan = planOutput(c, { write: true, knownFields: MOVE_FIELDS, command: 'subscriptions move' });
  if (!options.dryRun)
    refuseUnanswerable(c.prompter, `Move subscription ${options.id} to school ${options.to}?`, { yes: options.yes });
  const api = await c.api();
  const [subId, toId] = await together([
    idOf(api, options.id, resolveSubscription),
    idOf(api, options.to, resolveSchool),
  ]);
  const [sub, to] = await together([readSubscription(api, subId), readSchool(api, toId)]).catch(hintIds);
  if (alreadyAtSchool(sub, to.id)) {
    throw new AlreadyThereError(
      `Subscription ${sub.id} (${productName(sub)}) is already at ${schoolLabel(to)} (read GET schoolsubscriptions/${sub.id}); no move was sent`,
      EXIT.requestFailed,
    );
  }
  const from = await readSchool(api, sub.school_id);
  if (!c.globals.quiet) {
    c.io.stderr.write(moveSummary(sub, from, to));
    // What the move changes besides the school id, said before the question (and with --yes, before the move).
    c.io.stderr.write(warningText(await singleMoveWarnings(api, { sub, from, to }), c.io.columns ?? 80));
  }
  const idempotencyKey =
    options.idempotencyKey ?? `edshed-${options.runId ?? globalThis.crypto.randomUUID()}-move-${sub.id}`;
  const request = buildRequest(moveEndpoint(), { id: sub.id, school: to.id }, { idempotencyKey });
  if (options.dryRun) {
    await printDryRun(c, request);
    return undefined;
  }
  await confirmOrRefuse(c.prompter, `Move subscription ${sub.id} from ${from.name} to ${to.name}?`, {
    yes: options.yes,
  });
  const response = await sendWrite(c, request, options.runId ? { runId: options.runId } : {});
  const outcome: MoveOutcome = {
    subscription: await readSubscription(api, sub.id),
    from,
    to,
    changed: !changedNothing(response.data),
  };
  const whole = (plan.format === 'json' || plan.format === 'ndjson') && !plan.fields;
  // On a terminal the one moved subscription is a record, field by field; a script keeps its list of one.
  await printResponse(
    c,
    whole ? outcome : plan.format === 'table' ? moveRow(outcome) : [moveRow(outcome)],
    undefined,
    plan,
  );
  if (!c.globals.quiet) {
    c.io.stderr.write(
      outcome.changed
        ? `Moved subscription ${sub.id} to ${schoolLabel(to)}.\n`
        : `Subscription ${sub.id} was already at school ${to.id}; nothing changed.\n`,
    );
  }
  return outcome;
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Move a subscription to another school: shows both schools, asks once, then reads it back')
    .argument('<id>', 'subscription id, card reference (sub_...) or PO number')
    .option(
      '--to <school>',
      'the school to move it to: id, name, URN 123456 or postcode (required; `edshed schools find NAME` finds it)',
    )
    .addHelpText(
      'after',
      '\nOff a terminal it needs --yes (without it: exit 2, before any request). Reads the subscription\n' +
        '(GET schoolsubscriptions/{id}) and both schools first: unknown ids, or a move to the school it is already at,\n' +
        'exit 1 saying what was read, and no move is sent. Then calls POST subscriptions/{id}/move (role: superuser)\n' +
        'and reads the subscription back. Before it asks (or moves, with --yes) it warns on stderr of what the move\n' +
        'changes besides the school: another country or currency, a district crossed, a school left with no live\n' +
        'subscription of the product (and who loses access). Warnings do not stop the move.\n\n' +
        'With --from FILE, one move per row (columns id,to; --to given here is the default for every row): every row\n' +
        'is checked first, the run asks once, and each row goes through the same reads, move and read-back, journaled\n' +
        '(edshed runs resume ID).\n\n' +
        'Examples:\n  edshed subscriptions move 5 --to 2\n  edshed subscriptions move PO-OAK-2025 --to "Maple Elementary"\n  edshed subscriptions move 5 --to 2 --dry-run\n  edshed subscriptions move 5 --to 2 --yes --json\n  edshed subscriptions move --from moves.csv --yes',
    );
  addWriteOptions(cmd, { destructive: true });
  addCuratedBulk(cmd, { usage: '[options] --from FILE', columns: 'id and to', yes: false, plan: true });
  addCommonOptions(cmd);
  cmd.action(async (idArg: string | undefined) => {
    const opts = cmd.opts<Record<string, unknown>>();
    const c = leafFactory(f, cmd);
    const write = writeFlags(opts);
    if (opts.from !== undefined && idArg !== undefined)
      throw new CliError(
        "with --from the subscription ids come from the file's id column: edshed subscriptions move --from FILE",
        EXIT.usage,
      );
    const command = async () => (await import('./move-bulk.js')).moveBulkCommand();
    if (await runCuratedBulk(c, opts, write, { command, defaults: { to: opts.to } })) return;
    const id = idOrKey(idArg, SUBSCRIPTION_KEYS, 'subscription');
    if (opts.to === undefined)
      throw new CliError(
        '--to: give the school to move the subscription to: its id, name, URN or postcode (`edshed schools find NAME` finds it); nothing was sent',
        EXIT.usage,
      );
    await runMoveSubscription(c, { id, to: idOrKey(String(opts.to), SCHOOL_KEYS, 'school'), ...write });
  });
};

export default define;
