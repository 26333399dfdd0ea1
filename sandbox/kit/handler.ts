/**
 * The contract between the sandbox server and its handlers.
 *
 * Handlers are keyed by the table's route (`POST superuser/invoices/{id}/paid`): `HandlerMap` below makes
 * a missing or misspelt route a compile error. The server has already authenticated the caller, checked
 * the table's role, validated the payload with the table's schemas and opened a transaction when the
 * handler runs; a thrown `HttpError` rolls the transaction back.
 *
 * A handler of a route is typed from that route's table entry: `ctx.input` is the payload as the table's
 * schema parsed it (declared keys with their types, coerced; any other key `unknown` only when the entry is
 * `open`) and `ctx.params` has exactly the route's `{name}`s. So the payload is checked once, by the
 * table, and a handler holds business rules only.
 */
import type Database from 'better-sqlite3';
import type {
  Endpoint,
  EndpointRoute,
  EndpointSpec,
  EntryOfRoute,
  ParamsOf,
  PayloadOf,
} from '../../core/endpoints/index.js';

/** The signed-in caller, as the handlers see it. */
export interface SessionUser {
  readonly id: number;
  readonly username: string;
  readonly superuser: boolean;
  readonly employee: boolean;
  /** `pupil`, `teacher`, `parent`, `district` or `staff` (superusers and sales staff have no school role). */
  readonly kind: string;
  /** The school the user belongs to, if any, and whether they are its admin. */
  readonly schoolId: number | null;
  readonly admin: boolean;
  /** District the user administers, if any. */
  readonly districtId: number | null;
  /** When a superuser imitates someone, the superuser's own id. */
  readonly imitatedBy: number | null;
  readonly token: string;
}

/** What a handler of entry `E` gets; the default (any entry) is what shared helpers take. */
export interface HandlerContext<E extends EndpointSpec = EndpointSpec> {
  readonly db: Database.Database;
  readonly endpoint: Endpoint;
  /** Null only for `public` endpoints called without a token. */
  readonly user: SessionUser | null;
  /** Path parameters as strings, named by the route's `{name}`s. */
  readonly params: ParamsOf<E>;
  /** The payload as the table's schema left it: the query string for GET and DELETE, the JSON body otherwise. */
  readonly input: PayloadOf<E>;
  /** The sandbox clock (tests may fix it). */
  readonly now: () => Date;
  /** Records that a write was applied, for the `__sandbox/writes` counter. */
  readonly countWrite: () => void;
}

/** What a handler returns: a JSON body and optionally a status (200 by default). */
export interface HandlerResult {
  readonly status?: number;
  readonly body: unknown;
  /**
   * A write call that changed nothing (an idempotent repeat, answered `changed: false`): the
   * `__sandbox/writes` counter does not count it as applied.
   */
  readonly unchanged?: boolean;
}

/** A handler of entry `E` (the default: a handler that serves any entry, as the generic store does). */
export type Handler<E extends EndpointSpec = EndpointSpec> = (
  ctx: HandlerContext<E>,
) => HandlerResult | Promise<HandlerResult>;

/**
 * The handler of a route (or of several routes that take the same payload), typed from its table entry.
 *
 * @example
 * const paid: RouteHandler<'POST superuser/invoices/{id}/paid'> = (ctx) => markPaid(ctx.input.method, ctx.input.date);
 */
export type RouteHandler<R extends EndpointRoute> = Handler<EntryOfRoute<R>>;

/** Every route of the table must have a handler, typed from its entry. */
export type HandlerMap = { readonly [R in EndpointRoute]: RouteHandler<R> };

/** Part of the map, as a routes file builds it. */
export type PartialHandlerMap = { readonly [R in EndpointRoute]?: RouteHandler<R> };

/**
 * An error answered in the platform's error shape: `{ error, message }` with the status.
 *
 * @example
 * throw new HttpError(409, 'Conflict', `Invoice ${id} is void; only an open invoice can be marked paid`);
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly data?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
