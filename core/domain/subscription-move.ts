/**
 * The API's rule for moving a subscription to another school (`POST subscriptions/{id}/move`): a move
 * to the school it is already at changes nothing (the sandbox answers `changed: false`). The CLI's
 * `subscriptions move` reads the subscription first and sends no move then, and a bulk dry run counts
 * such rows as "no change": all with this one function.
 */

/** What the rule needs of a subscription: its school (null when not read). */
export interface MovableSubscription {
  readonly school_id: number | null | undefined;
}

/**
 * Whether moving `subscription` to `schoolId` would change nothing: it is already at that school.
 *
 * @example
 * alreadyAtSchool({ school_id: 2 }, 2) // true: nothing to move
 * alreadyAtSchool({ school_id: 2 }, 3) // false
 */
export function alreadyAtSchool(subscription: MovableSubscription, schoolId: number): boolean {
  return subscription.school_id === schoolId;
}
