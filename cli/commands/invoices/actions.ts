/**
 * The actions of `edshed invoices mark`, each mapped to its entry of the endpoint table and the input
 * (path parameters and payload) it sends for one invoice.
 */
import { formatMoney } from '../../../core/domain/money.js';
import type { Endpoint } from '../../../core/endpoints/define.js';
import type { InvoiceAction } from '../../../core/domain/lifecycle-rules.js';
import { ENDPOINTS } from '../../../core/endpoints/index.js';
import { CliError, EXIT } from '../../errors/cli-error.js';
import type { TargetWish } from '../../bulk/plan-no-change.js';
import type { ListedInvoice } from '../../read/invoices.js';

export const ACTION_NAMES = ['paid', 'promised', 'void', 'restore', 'forex', 'remittance', 'accounting'] as const;
export type ActionName = (typeof ACTION_NAMES)[number];

/** The action's own options, as given (`--method`, `--date`...); checked by `checkDetails` and the table. */
export interface ActionDetails {
  readonly method?: string | undefined;
  readonly date?: string | undefined;
  readonly reference?: string | undefined;
  readonly received?: string | undefined;
  readonly file?: string | undefined;
  readonly system?: string | undefined;
  readonly provider?: string | undefined;
}
export type DetailName = keyof ActionDetails;
export const DETAIL_NAMES: readonly DetailName[] = [
  'method',
  'date',
  'reference',
  'received',
  'file',
  'system',
  'provider',
];

export interface ActionSpec {
  /** The table entry the action calls. */
  readonly command: string;
  /** The action of the invoice lifecycle it is (core/domain/lifecycle-rules.ts): the states it may start from. */
  readonly lifecycle: InvoiceAction;
  readonly required: readonly DetailName[];
  readonly optional: readonly DetailName[];
  /** Path parameters for one invoice; throws CliError when the invoice lacks what the route needs. */
  params(
    id: number,
    details: ActionDetails,
    invoice: Pick<ListedInvoice, 'subscription_id'> | undefined,
  ): Record<string, unknown>;
  /** The payload, from the options alone (the same for every invoice of a run). */
  payload(details: ActionDetails): Record<string, unknown>;
  /** Path parameters given by an option rather than an id (`{accounting}` is `--system`). */
  readonly named?: Readonly<Record<string, DetailName>>;
  /** What a write that changed nothing means: "already paid". */
  readonly already: string;
  /**
   * What an invoice the action has been applied to shows, where its listed fields tell (a dry run marks
   * an invoice already so "no change"): its state, or that it was sent to accounting. Absent where they
   * cannot tell (forex: the final amount depends on the day's rate; remittance: on the row's date and file).
   */
  readonly shows?: Omit<TargetWish, 'reason'>;
  /** One detail of the invoice after the write worth a line (the accounting id...). */
  readonly detail?: (invoice: Readonly<Record<string, unknown>>) => string | undefined;
}

const text = (value: unknown, label: string): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? `${label} ${value}` : undefined;
// The sandbox (our reading of the spec) settles a forex invoice in gbp.
const gbp = (value: unknown): string | undefined =>
  Number.isSafeInteger(value) ? `settled as ${formatMoney(value as number, 'gbp')}` : undefined;

const byId = (id: number): Record<string, unknown> => ({ id });
const none = (): Record<string, unknown> => ({});

export const ACTIONS: Readonly<Record<ActionName, ActionSpec>> = {
  paid: {
    command: 'invoices mark-paid',
    lifecycle: 'markPaid',
    required: ['method', 'date'],
    optional: [],
    params: byId,
    payload: (d) => ({ method: d.method, date: d.date }),
    already: 'already paid',
    shows: { state: 'paid' },
  },
  promised: {
    command: 'invoices mark-promised',
    lifecycle: 'promise',
    required: ['reference'],
    optional: [],
    params: byId,
    payload: (d) => ({ reference: d.reference }),
    already: 'already promised',
    shows: { state: 'promised' },
  },
  void: {
    command: 'invoices void',
    lifecycle: 'void',
    required: [],
    optional: [],
    params: byId,
    payload: none,
    already: 'already void',
    shows: { state: 'void' },
  },
  restore: {
    command: 'card-invoices restore',
    lifecycle: 'restore',
    required: ['provider'],
    optional: [],
    params: (id, d, invoice) => {
      if (typeof invoice?.subscription_id !== 'number')
        throw new CliError(`not sent: the subscription of invoice ${id} is not known (the restore route needs it)`);
      return { card_provider: d.provider, id: invoice.subscription_id, iid: id };
    },
    payload: none,
    named: { card_provider: 'provider' },
    already: 'already open',
    shows: { state: 'open' },
  },
  forex: {
    command: 'invoices mark-forex',
    lifecycle: 'forex',
    required: [],
    optional: [],
    params: byId,
    payload: none,
    already: 'already forex-marked',
    detail: (i) => gbp(i.amount_final),
  },
  remittance: {
    command: 'invoices add-remittance',
    lifecycle: 'remittance',
    required: ['received'],
    optional: ['file'],
    params: byId,
    payload: (d) => ({ date_received: d.received, new_file: d.file }),
    already: 'remittance already recorded',
    detail: (i) => text(i.remittance_date_received, 'received'),
  },
  accounting: {
    command: 'invoices send-to-accounting',
    lifecycle: 'accounting',
    required: ['system'],
    optional: [],
    params: (id, d) => ({ id, accounting: d.system }),
    payload: none,
    named: { accounting: 'system' },
    already: 'already sent to accounting',
    shows: { accounted: true },
    detail: (i) => text(i.accounting_id, 'accounting id'),
  },
};

/**
 * The input (path parameters and payload) an action sends for one invoice: what its one request is built from.
 *
 * @example
 * actionInput('paid', 8, { method: 'bacs', date: '2026-11-02' }, invoice) // { id: 8, method: 'bacs', date: '2026-11-02' }
 */
export function actionInput(
  action: ActionName,
  id: number,
  details: ActionDetails,
  invoice: Pick<ListedInvoice, 'subscription_id'> | undefined,
): Record<string, unknown> {
  const spec = ACTIONS[action];
  return { ...spec.params(id, details, invoice), ...spec.payload(details) };
}

/**
 * What each action its listed fields show asks of an invoice, by its table command (`invoices mark-paid`:
 * paid, "already paid"): one object per action, shared by every row of a dry run that marks "no change" rows.
 *
 * @example
 * WISH_BY_COMMAND.get('invoices void') // { state: 'void', reason: 'already void' }
 */
export const WISH_BY_COMMAND: ReadonlyMap<string, TargetWish> = new Map(
  Object.values(ACTIONS).flatMap((spec) =>
    spec.shows === undefined ? [] : [[spec.command, { ...spec.shows, reason: spec.already }] as const],
  ),
);

/** The payment wishes made so far, by method and date: as many as the distinct payments of a file. */
const PAYMENT_WISHES = new Map<string, TargetWish>();

/**
 * What one row of an invoice action asks of its invoice: the action's wish, with the payment for
 * `invoices mark-paid` (judged by the API's payment rules, which also foresee refusals).
 *
 * @example
 * wishOf('invoices mark-paid', { method: 'bacs', date: '2026-11-02' }) // { state: 'paid', reason: 'already paid', payment: { method: 'bacs', date: '2026-11-02' } }
 */
export function wishOf(
  command: string,
  payload: { readonly method?: unknown; readonly date?: unknown },
): TargetWish | undefined {
  const wish = WISH_BY_COMMAND.get(command);
  if (
    wish === undefined ||
    command !== ACTIONS.paid.command ||
    typeof payload.method !== 'string' ||
    typeof payload.date !== 'string'
  )
    return wish;
  // A dry run keeps every row's wish until the targets are read: rows paying the same way on the same day
  // share one (a wish of its own per row, with its own copies of the strings, was about 300 bytes a row).
  const key = `${payload.method}\n${payload.date}`;
  const known = PAYMENT_WISHES.get(key);
  if (known !== undefined) return known;
  // Frozen: one object stands for many rows, so nothing may change it for one of them.
  const made: TargetWish = Object.freeze({
    ...wish,
    payment: Object.freeze({ method: payload.method, date: payload.date }),
  });
  PAYMENT_WISHES.set(key, made);
  return made;
}

/**
 * The table entry of an action.
 *
 * @example
 * endpointOfAction('paid').path // 'superuser/invoices/{id}/paid'
 */
export function endpointOfAction(action: ActionName): Endpoint {
  const endpoint = ENDPOINTS.find((e) => e.command === ACTIONS[action].command);
  if (!endpoint) throw new Error(`invoices mark ${action}: no table entry ${ACTIONS[action].command}`);
  return endpoint;
}

/**
 * Refuses (exit 2) a missing option of the action, or an option that belongs to another action.
 *
 * @example
 * checkDetails('paid', { method: 'bacs' }) // throws: paid needs --date
 */
export function checkDetails(action: ActionName, details: ActionDetails): void {
  const spec = ACTIONS[action];
  const missing = spec.required.filter((name) => details[name] === undefined);
  if (missing.length > 0)
    throw new CliError(`${action} needs ${missing.map((n) => `--${n}`).join(' and ')}; nothing was sent`, EXIT.usage);
  const foreign = DETAIL_NAMES.filter(
    (name) => details[name] !== undefined && !spec.required.includes(name) && !spec.optional.includes(name),
  );
  if (foreign.length > 0) {
    const owners = foreign.map(
      (name) =>
        `--${name} is for ${ACTION_NAMES.filter((a) => [...ACTIONS[a].required, ...ACTIONS[a].optional].includes(name)).join(', ')}`,
    );
    throw new CliError(
      `${action} takes no ${foreign.map((n) => `--${n}`).join(' or ')} (${owners.join('; ')}); nothing was sent`,
      EXIT.usage,
    );
  }
}
