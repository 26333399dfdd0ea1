import { DomainError } from '../errors.js';

/** One action of a lifecycle: the states it may start from, the state it leads to, and how to say it. */
export interface Rule<S extends string> {
  readonly from: readonly S[];
  /** Omitted when the action keeps the state (editing details) or computes it (see the module). */
  readonly to?: S;
  /** Completes "only an open invoice can ...": `be marked paid`. */
  readonly phrase: string;
}

export interface Lifecycle<S extends string, A extends string> {
  readonly entity: string;
  readonly states: readonly S[];
  readonly rules: Readonly<Record<A, Rule<S>>>;
  /** Whether `action` may start from `state`. */
  allows(action: A, state: S): boolean;
  /** Throws 409 naming the current state and the states the action needs. */
  check(action: A, id: number | string, state: S): void;
}

const article = (word: string): string => (/^[aeiou]/.test(word) ? 'an' : 'a');

function list(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1] ?? ''}`;
}

/**
 * Declares a lifecycle. The refusal message names the current state and what is allowed, e.g.
 * "Invoice 12 is void; only an open or promised invoice can be marked paid".
 *
 * @example
 * const lifecycle = defineLifecycle('invoice', ['open', 'paid'] as const, {
 *   pay: { from: ['open'], to: 'paid', phrase: 'be marked paid' },
 * });
 * lifecycle.check('pay', 12, 'paid'); // throws DomainError 'conflict'
 */
export function defineLifecycle<const S extends string, A extends string>(
  entity: string,
  states: readonly S[],
  rules: Readonly<Record<A, Rule<S>>>,
): Lifecycle<S, A> {
  const label = entity.charAt(0).toUpperCase() + entity.slice(1);
  return {
    entity,
    states,
    rules,
    allows: (action, state) => rules[action].from.includes(state),
    check(action, id, state) {
      const rule = rules[action];
      if (rule.from.includes(state)) return;
      const allowed = rule.from;
      const first = allowed[0] ?? '';
      const message =
        allowed.length === 0
          ? `${label} ${id} is ${state}; no ${entity} can ${rule.phrase}`
          : `${label} ${id} is ${state}; only ${article(first)} ${list(allowed)} ${entity} can ${rule.phrase}`;
      throw new DomainError('conflict', message, { state, allowed: [...allowed] });
    },
  };
}
