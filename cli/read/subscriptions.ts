/**
 * THE reader of subscriptions: a natural key (the card provider's reference, `sub_...`, or the school's
 * purchase order number) turned into the subscription's id with one request (the list's own filter), and
 * a subscription read by id.
 */
import type { ApiMethods } from '../../core/endpoints/methods.js';
import { SUBSCRIPTION } from '../../core/shapes/subscription.js';
import type { Subscription } from '../../core/shapes/types.js';
import { describeKeys, pickOne, readKey, type KeyText } from './keys.js';
import { checkedAnswer } from './records.js';

export { readSubscription } from './reads.js';

/** The keys a subscription is named by, in the order a text is tried (core/shapes/subscription.ts). */
export const SUBSCRIPTION_KEYS = SUBSCRIPTION.keys ?? [];

/** What the command line may give for a subscription: "a subscription id, card reference or PO number". */
export const SUBSCRIPTION_NAMED_BY = describeKeys(SUBSCRIPTION_KEYS, 'subscription');

/** Matches a refusal lists at most. */
const LISTED = 20;

/**
 * Reads a command-line text as a subscription id or one of its keys, with no request.
 *
 * @example
 * subscriptionKey('PO-OAK-2025').key.field // 'po_number'
 */
export function subscriptionKey(text: string): KeyText {
  return readKey(text, SUBSCRIPTION_KEYS, 'subscription');
}

/**
 * Finds the subscription a key names with at most one request (none for a plain id): `GET
 * schoolsubscriptions` filtered by the key's field. Unknown or ambiguous: exit 2.
 *
 * @example
 * const { id } = await lookupSubscription(await c.api(), subscriptionKey('PO-OAK-2025')); // 1
 */
export async function lookupSubscription(
  api: ApiMethods,
  key: KeyText,
): Promise<{ readonly id: number; readonly subscription?: Subscription }> {
  if ('id' in key) return { id: key.id };
  const filter = key.key.field === 'card_reference' ? { card_reference: key.value } : { po_number: key.value };
  const answer = await checkedAnswer(
    'subscriptions list',
    await api.subscriptions.list({ ...filter, take: LISTED }),
    'GET schoolsubscriptions',
  );
  const found = answer.subscriptions;
  const id = pickOne(
    'subscription',
    key,
    found.map((sub) => ({ id: sub.id, name: `school ${sub.school_id}  ${sub.product.name}  ${sub.state}` })),
    answer.total - found.length,
  );
  return { id, subscription: found.find((sub) => sub.id === id) as Subscription };
}

/**
 * The id of the subscription a command-line text names (at most one request; none for a plain id).
 *
 * @example
 * await resolveSubscription(await c.api(), 'sub_062bc9fff9efd5') // 7
 */
export async function resolveSubscription(api: ApiMethods, text: string): Promise<number> {
  return (await lookupSubscription(api, subscriptionKey(text))).id;
}
