import type { ApiMethods } from '../../core/endpoints/methods.js';
import type { School, Subscription } from '../../core/shapes/types.js';
import { checkedAnswer } from './records.js';

/**
 * One school by id, with its counts (`GET schools/{id}`); a missing school is the API's 404.
 *
 * @example
 * const school = await readSchool(await c.api(), 1);
 */
export async function readSchool(api: ApiMethods, id: number): Promise<School> {
  return (await checkedAnswer('schools show', await api.schools.show({ id }), `GET schools/${id}`)).school;
}

/**
 * One subscription by id as superusers see it (`GET schoolsubscriptions/{id}`): school, product, seats.
 *
 * @example
 * const sub = await readSubscription(await c.api(), 5);
 */
export async function readSubscription(api: ApiMethods, id: number): Promise<Subscription> {
  return (
    await checkedAnswer('subscriptions show', await api.subscriptions.show({ id }), `GET schoolsubscriptions/${id}`)
  ).subscription;
}
