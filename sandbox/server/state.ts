import type { Db } from '../kit/sql.js';
import type { SeedSize } from '../db/seed/index.js';
import type { Exclusive } from './exclusive.js';
import type { FaultInjector } from './faults.js';
import type { HandlerMap } from '../kit/handler.js';
import type { IdempotencyKeys } from './idempotency.js';
import type { RateLimiter } from './rate-limit.js';
import type { Router } from './router.js';

/** Everything a running sandbox holds, shared by the request pipeline and the `__sandbox/` routes. */
export interface SandboxState {
  readonly db: Db;
  readonly router: Router;
  readonly handlers: HandlerMap;
  readonly limiter: RateLimiter;
  readonly faults: FaultInjector;
  readonly keys: IdempotencyKeys;
  /** Serialises transactions on the one connection. */
  readonly lock: Exclusive;
  readonly now: () => Date;
  /** The seed used when the database is (re)built. */
  seedSize: SeedSize | 'none';
  readonly startedAt: Date;
  /** A new, unique request id (`req_` and 16 hex digits). */
  readonly nextRequestId: () => string;
  /** The toolkit's version (the OpenAPI document's). */
  readonly version: string;
  /** Where unexpected handler errors go (the 500s). */
  readonly logError: (error: unknown) => void;
}

/** A request as the pipeline sees it, independent of the HTTP framework. */
export interface SandboxRequest {
  readonly method: string;
  /** Without the leading slash or the query string, still percent-encoded. */
  readonly path: string;
  readonly query: Readonly<Record<string, string | readonly string[]>>;
  readonly body: Buffer | undefined;
  readonly header: (name: string) => string | undefined;
  /** The client address, for rate limits without a token. */
  readonly ip: string;
  readonly requestId: string;
}

/** What to send back: a JSON answer, bytes (a resource image or file, headers given), or nothing at all (the connection is dropped). */
export type SandboxReply =
  | {
      readonly kind: 'json';
      readonly status: number;
      readonly headers: Readonly<Record<string, string>>;
      readonly body: unknown;
    }
  | {
      readonly kind: 'file';
      readonly status: number;
      readonly headers: Readonly<Record<string, string>>;
      readonly body: Buffer | undefined;
    }
  | { readonly kind: 'drop'; readonly phase: 'before' | 'after' };
