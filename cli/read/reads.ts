import type { ApiMethods } from '../../core/endpoints/methods.js';
import { answerOf, schoolRecord, subscriptionRecord, type SchoolRecord, type SubscriptionRecord } from './records.js';

/**
 * One school by id, with its counts (`GET schools/{id}`); a missing school is the API's 404.
 *
 * @example
 * const school = await readSchool(await c.api(), 1);
 */
export async function readSchool(api: ApiMethods, id: number): Promise<SchoolRecord> {
  return answerOf((await api.schools.show({ id })).data, 'school', schoolRecord, `GET schools/${id}`);
}

/**
 * One subscription by id as superusers see it (`GET schoolsubscriptions/{id}`): school, product, seats.
 *
 * @example
 * const sub = await readSubscription(await c.api(), 5);
 */
export async function readSubscription(api: ApiMethods, id: number): Promise<SubscriptionRecord> {
  return answerOf((await api.subscriptions.show({ id })).data, 'subscription', subscriptionRecord, `GET schoolsubscriptions/${id}`);
}
