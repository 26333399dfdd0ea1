/**
 * What a business rule is given: the database, the caller and the clock, and nothing of the request
 * (no path, payload, endpoint or HTTP reply). A handler's context has these three under the same names,
 * so a route passes its `ctx` as it is; a rule cannot reach for anything else.
 */
import type { SessionUser } from '../kit/handler.js';
import type { Db } from '../kit/sql.js';

export interface DomainContext {
  readonly db: Db;
  /** The caller: null only for a public call made without a token. */
  readonly user: SessionUser | null;
  /** The sandbox clock (tests may fix it). */
  readonly now: () => Date;
}
