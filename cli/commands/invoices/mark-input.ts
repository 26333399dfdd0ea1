/** The local checks of `edshed invoices mark`: its words, the ids, and the action's input against the table. */
import { checkPayload } from '../../../core/endpoints/call.js';
import { CliError, EXIT } from '../../errors/cli-error.js';
import { similarWords } from '../../help/similar-words.js';
import { routeClash } from '../../write/route-clash.js';
import {
  ACTION_NAMES,
  ACTIONS,
  checkDetails,
  endpointOfAction,
  type ActionDetails,
  type ActionName,
} from './actions.js';

const isAction = (word: string): word is ActionName => (ACTION_NAMES as readonly string[]).includes(word);
const USAGE = `edshed invoices mark ID... ACTION (ACTION: ${ACTION_NAMES.join(', ')})`;

/** `"payd" is not an action (did you mean paid?): one of ...`. */
function notAnAction(word: string, how = ''): CliError {
  const near = similarWords(word, ACTION_NAMES)[0];
  return new CliError(
    `"${word}" is not an action${near === undefined ? '' : ` (did you mean ${near}?)`}: one of ${ACTION_NAMES.join(', ')}${how}`,
    EXIT.usage,
  );
}

/**
 * Splits the words after `mark` into the ids and the action, which comes last.
 *
 * @example
 * splitWords(['8', '9', 'paid']) // { ids: ['8', '9'], action: 'paid' }
 */
export function splitWords(words: readonly string[]): { ids: string[]; action: ActionName } {
  const last = words.at(-1);
  if (last !== undefined && isAction(last) && words.length > 1) return { ids: words.slice(0, -1), action: last };
  const elsewhere = words.find(isAction);
  if (elsewhere !== undefined)
    throw new CliError(
      `give the ids first and the action last: edshed invoices mark ${words.filter((w) => w !== elsewhere).join(' ') || 'ID'} ${elsewhere}`,
      EXIT.usage,
    );
  if (last !== undefined && !/^\d+$/.test(last)) throw notAnAction(last);
  throw new CliError(`name the invoices and then an action: ${USAGE}`, EXIT.usage);
}

/**
 * The words after `mark` with `--from FILE`: the action alone (the ids are the file's `id` column).
 *
 * @example
 * bulkAction(['paid']) // 'paid'
 */
export function bulkAction(words: readonly string[]): ActionName {
  const [action, ...rest] = words;
  if (action !== undefined && isAction(action) && rest.length === 0) return action;
  if (words.some(isAction) || words.every((w) => /^\d+$/.test(w)))
    throw new CliError(
      `with --from the ids come from the file's id column: edshed invoices mark ${words.find(isAction) ?? 'ACTION'} --from FILE`,
      EXIT.usage,
    );
  throw notAnAction(words.join(' '), ' (edshed invoices mark ACTION --from FILE)');
}

/**
 * Checks the ids (positive whole numbers) and collapses repeats, returning them in the order given.
 *
 * @example
 * parseIds(['8', '9', '8']) // { ids: [8, 9], repeated: [8] }
 */
export function parseIds(raw: readonly (string | number)[]): { ids: number[]; repeated: number[] } {
  const bad = raw.filter((id) => !/^[1-9]\d*$/.test(String(id).trim()) || !Number.isSafeInteger(Number(id)));
  if (bad.length > 0)
    throw new CliError(
      `invoice ids are whole numbers from 1; not ${bad.map((b) => `"${b}"`).join(', ')}; nothing was sent`,
      EXIT.usage,
    );
  if (raw.length === 0) throw new CliError(`name at least one invoice id: ${USAGE}`, EXIT.usage);
  const ids: number[] = [];
  const repeated: number[] = [];
  for (const id of raw.map((r) => Number(r))) {
    if (ids.includes(id)) {
      if (!repeated.includes(id)) repeated.push(id);
    } else ids.push(id);
  }
  return { ids, repeated };
}

/**
 * Checks an action's options against the action and the table, for every invoice at once: the payload
 * (the same for each) against the entry's schema, and the path an option spells (`--system paid` would be
 * another route's path, whatever the id). No request is built: each invoice's is built once, to send it.
 * Throws CliError or InvalidInputError (both exit 2) before anything is sent.
 *
 * @example
 * checkInput('paid', { method: 'bacs', date: '2026-02-30' }) // throws InvalidInputError: date
 */
export function checkInput(action: ActionName, details: ActionDetails): void {
  checkDetails(action, details);
  for (const name of ['system', 'provider'] as const) {
    const value = details[name];
    if (value !== undefined && !/^[A-Za-z][A-Za-z0-9_-]*$/.test(value))
      throw new CliError(
        `--${name}: give a name such as ${name === 'system' ? 'xero' : 'stripe'}, not "${value}"; nothing was sent`,
        EXIT.usage,
      );
  }
  const endpoint = endpointOfAction(action);
  const spec = ACTIONS[action];
  checkPayload(endpoint, spec.payload(details));
  // The path as the options spell it, each id left as its route's own `{id}`: a clash is in the words, not the ids.
  const params = Object.fromEntries(
    endpoint.params.map((name) => {
      const option = spec.named?.[name];
      return [name, option === undefined ? `{${name}}` : String(details[option])];
    }),
  );
  const clash = routeClash(endpoint, params);
  if (clash) {
    const flag = action === 'restore' ? '--provider' : '--system';
    throw new CliError(
      `${flag} ${details.system ?? details.provider}: that path is ${clash.method} ${clash.path} (${clash.command}), not ${endpoint.command}; nothing was sent`,
      EXIT.usage,
    );
  }
}
