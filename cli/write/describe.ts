import type { Endpoint } from '../../core/endpoints/define.js';

const singular = (noun: string) => noun.replace(/ies$/, 'y').replace(/(?<!s)s$/, '');

/**
 * The action of a generated command in words, for questions: `invoices void` on 12 is "Void invoice 12".
 *
 * @example
 * describeAction(endpointOf('subscriptions delete'), { id: 5 }) // 'Delete subscription 5'
 */
export function describeAction(endpoint: Endpoint, input: Readonly<Record<string, unknown>>): string {
  const [noun = '', verb = ''] = endpoint.command.split(' ');
  const words = verb.replace(/-/g, ' ');
  const target = endpoint.params.map((name) => String(input[name])).join(' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} ${singular(noun).replace(/-/g, ' ')}${target ? ` ${target}` : ''}`;
}

/**
 * What to run instead when the server refuses a state change (409) because the thing is already in the
 * state the command sets: the command that edits it in that state, found in the table as the PUT on the
 * same path (`invoices mark-paid` on a paid invoice: `invoices update-paid`). No hint when the refusal is
 * about another state.
 *
 * @example
 * await conflictHint(endpointOf('invoices mark-paid'), { id: 8 }, 'Invoice 8 is paid; ...') // 'Invoice 8 is already paid: to change ...'
 */
export async function conflictHint(
  endpoint: Endpoint,
  input: Readonly<Record<string, unknown>>,
  message: string,
  invoice?: { readonly subscription_id?: number | null | undefined },
): Promise<string | undefined> {
  if (endpoint.method !== 'POST') return undefined;
  // The whole table, only after a refusal: a command that succeeds loads just its own noun's entries.
  const { ENDPOINTS } = await import('../../core/endpoints/index.js');
  const editor = ENDPOINTS.find((e) => e.method === 'PUT' && e.path === endpoint.path);
  const state = /\bis (?:already )?([a-z_]+)\b/.exec(message)?.[1];
  // An invoice refused for its state: what does what the person meant from there (change, refund, restore).
  if (
    endpoint.command.startsWith('invoices ') &&
    state !== undefined &&
    typeof input.id === 'number' &&
    !(editor && editor.path.split('/').at(-1) === state)
  ) {
    const { invoiceWays } = await import('./ways-back.js');
    const ways = await invoiceWays({ id: input.id, state, subscription_id: invoice?.subscription_id });
    if (ways.length > 0) return `It is ${state}. ${ways.map((w) => `${w}.`).join(' ')}`;
  }
  if (!editor || state === undefined || editor.path.split('/').at(-1) !== state) return undefined;
  const args = editor.params.map((name) => String(input[name])).join(' ');
  return `It is already ${state}: to change its details, use \`edshed ${editor.command}${args ? ` ${args}` : ''}\` (see --help there).`;
}

/**
 * The note for a write the server says changed nothing: "Invoice 8 was already paid; nothing changed."
 * when the answer shows the thing's state, else a plainer line.
 *
 * @example
 * unchangedNote(endpointOf('invoices mark-paid'), { id: 8 }, { invoice: { state: 'paid' }, changed: false })
 */
export function unchangedNote(endpoint: Endpoint, input: Readonly<Record<string, unknown>>, data: unknown): string {
  const values = data !== null && typeof data === 'object' ? Object.values(data) : [];
  const thing = values.find(
    (v): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v),
  );
  const noun = singular(endpoint.command.split(' ')[0] ?? '').replace(/-/g, ' ');
  const target = endpoint.params.map((name) => String(input[name])).join(' ');
  if (typeof thing?.state === 'string')
    return `${noun.charAt(0).toUpperCase()}${noun.slice(1)} ${target} was already ${thing.state}; nothing changed.`;
  return `${describeAction(endpoint, input)}: already done; nothing changed.`;
}
