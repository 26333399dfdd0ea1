/**
 * A relationship question could not be answered (L §4, §8): the user asked about is not one of the pair, or
 * the answer depends on a flag the relationship does not carry.
 *
 * @example
 * try { isAdminOf(rel, 99); } catch (e) { if (e instanceof RelationshipError) console.error(e.reason); }
 */
export class RelationshipError extends Error {
  constructor(
    readonly reason: 'not-in-relationship' | 'cannot-evaluate',
    readonly userId: string | number,
    detail: string,
  ) {
    super(detail);
    this.name = 'RelationshipError';
  }
}
