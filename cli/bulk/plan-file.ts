/**
 * The plan a bulk dry run saves with `--plan FILE` and `edshed bulk apply FILE` runs: the command (a
 * table endpoint, or a curated command by its kind and arguments), its input file (path and content
 * hash), and per item what it does and, for invoice and subscription workflows, the target's state
 * when it was planned.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { METHODS } from '../../core/endpoints/define.js';
import { CliError, EXIT } from '../errors/cli-error.js';
import type { BulkCommand } from './bulk-command.js';
import { fileErrorText } from '../../core/node/file-error-text.js';
import { reconcileLineSchema } from '../../core/domain/reconcile/plan.js';

const planItemSchema = z.strictObject({
  index: z.number().int().nonnegative(),
  line: z.number().int().positive(),
  target_id: z.number().int().nullable(),
  /** The request's path (a table endpoint), or the row as the curated command describes it. */
  path: z.string().min(1),
  /** The SHA-256 of the request's body (a table endpoint), or of the curated command's row. */
  body_hash: z.string().regex(/^[0-9a-f]{64}$/),
  /** The target's state when planned; null for other workflows, or a target not found. */
  state: z.string().nullable(),
});

/** A thing a run changes beyond what its rows say (a move to another currency...), as the plan keeps it. */
export const runWarningSchema = z.strictObject({
  kind: z.string().min(1),
  /** The target the warning is about; null when it is the run's as a whole. */
  target_id: z.number().int().nullable(),
  text: z.string().min(1),
});
export type RunWarning = z.infer<typeof runWarningSchema>;

export const planSchema = z
  .strictObject({
    type: z.literal('edshed-plan'),
    version: z.literal(1),
    plan_id: z.string().regex(/^[\w-]+$/),
    created: z.string(),
    command: z.string().min(1),
    /** A table endpoint's plan: the endpoint. */
    endpoint: z.strictObject({ method: z.enum(METHODS), path: z.string().min(1) }).optional(),
    /** A curated command's plan: its kind and arguments, as a run's journal keeps them (cli/bulk/registry.ts). */
    bulk: z.strictObject({ kind: z.string().min(1), args: z.record(z.string(), z.string()) }).optional(),
    /** Values given on the command line: defaults for every row. */
    defaults: z.record(z.string(), z.unknown()),
    input: z.strictObject({
      path: z.string().min(1),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      rows: z.number().int().nonnegative(),
    }),
    items: z.array(planItemSchema),
    /** What the run changes beyond what its rows say, as read when planned (kept whether or not --yes was given). */
    warnings: z.array(runWarningSchema).optional(),
    /**
     * A reconcile plan's statement lines (`edshed invoices reconcile --plan`): what each line is and why;
     * its confident and accepted lines are the items, as `invoices mark paid` rows of the input file.
     */
    lines: z.array(reconcileLineSchema).optional(),
    /** The statements a reconcile plan read, by path and content hash. */
    statements: z
      .array(z.strictObject({ path: z.string().min(1), sha256: z.string().regex(/^[0-9a-f]{64}$/) }))
      .optional(),
  })
  .refine((plan) => plan.items.length > 0 || plan.lines !== undefined, {
    path: ['items'],
    message: 'a plan needs at least one item',
  });

export type Plan = z.infer<typeof planSchema>;

/**
 * What a plan pins of one row, to check at apply time that the row is the one planned: a table
 * endpoint's request (path, body), or a curated command's row (its description, the row itself).
 *
 * @example
 * pinOf(endpointCommand(markPaid), row) // { path: 'superuser/invoices/8/paid', body_hash: '5f1d...' }
 */
export function pinOf<Row>(command: BulkCommand<Row>, row: Row): { readonly path: string; readonly body_hash: string } {
  if (command.table) {
    const request = command.table.request(row);
    return { path: request.path, body_hash: bodyHash(request.body) };
  }
  return { path: command.describe(row), body_hash: bodyHash(row) };
}
export type PlanItem = z.infer<typeof planItemSchema>;

/**
 * The SHA-256 of a file's bytes, read as a stream.
 *
 * @example
 * await hashFile('payments.csv') // 'e3b0c442...'
 */
export async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The SHA-256 of a request body as JSON (`null` when there is none), so a plan pins what each item sends.
 *
 * @example
 * bodyHash({ method: 'bacs', date: '2026-11-02' }) // '5f1d...'
 */
export function bodyHash(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex');
}

/**
 * Reads and checks a plan file; anything wrong with it is a usage error (exit 2) naming the problem.
 *
 * @example
 * const plan = await readPlan('plan.json');
 */
export async function readPlan(path: string): Promise<Plan> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new CliError(`${path}: cannot read the plan: ${fileErrorText(error)}; nothing was sent`, EXIT.usage);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new CliError(`${path}: not a plan (not JSON); nothing was sent`, EXIT.usage);
  }
  const parsed = planSchema.safeParse(value);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first?.path.length ? `${first.path.join('.')}: ` : '';
    throw new CliError(
      `${path}: not a valid plan (${where}${first?.message ?? 'bad shape'}); nothing was sent`,
      EXIT.usage,
    );
  }
  return parsed.data;
}

/**
 * Why an item is skipped at apply time: its target's state is not the one planned (or the target is
 * gone); undefined when nothing drifted or the item has no planned state.
 *
 * @example
 * driftOf('open', { state: 'paid' }) // 'drift: was open, now paid'
 */
export function driftOf(planned: string | null, now: { readonly state: string } | undefined): string | undefined {
  if (planned === null) return undefined;
  if (now === undefined) return `drift: was ${planned}, now not found`;
  return now.state === planned ? undefined : `drift: was ${planned}, now ${now.state}`;
}
