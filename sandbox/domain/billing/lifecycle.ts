/** A lifecycle of the sandbox: core's rules as data (core/domain/lifecycle-rules.ts), enforced as 409s. */
import { stateRefusal, type Rule } from '../../../core/domain/lifecycle-rules.js';
import { DomainError } from '../errors.js';

export type { Rule } from '../../../core/domain/lifecycle-rules.js';

export interface Lifecycle<S extends string, A extends string> {
  readonly entity: string;
  readonly states: readonly S[];
  readonly rules: Readonly<Record<A, Rule<S>>>;
  /** Whether `action` may start from `state`. */
  allows(action: A, state: S): boolean;
  /** Throws 409 naming the current state and the states the action needs. */
  check(action: A, id: number | string, state: S): void;
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
  return {
    entity,
    states,
    rules,
    allows: (action, state) => rules[action].from.includes(state),
    check(action, id, state) {
      const rule = rules[action];
      const message = stateRefusal(entity, id, state, rule);
      if (message !== undefined) throw new DomainError('conflict', message, { state, allowed: [...rule.from] });
    },
  };
}
