/**
 * The contract between the sandbox server and its handlers.
 *
 * Handlers are keyed by the table's route (`POST superuser/invoices/{id}/paid`): `HandlerMap` below makes
 * a missing or misspelt route a compile error. The server has already authenticated the caller, checked
 * the table's role, validated the payload with the table's schemas and opened a transaction when the
 * handler runs; a thrown `HttpError` rolls the transaction back.
 */
import type Database from 'better-sqlite3';
import type { Endpoint, EndpointRoute } from '../../core/endpoints/index.js';

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

export interface HandlerContext {
  readonly db: Database.Database;
  readonly endpoint: Endpoint;
  /** Null only for `public` endpoints called without a token. */
  readonly user: SessionUser | null;
  /** Path parameters as strings. */
  readonly params: Readonly<Record<string, string>>;
  /** The validated payload: the query string for GET and DELETE, the JSON body otherwise. */
  readonly input: Readonly<Record<string, unknown>>;
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

export type Handler = (ctx: HandlerContext) => HandlerResult | Promise<HandlerResult>;

/** Every route of the table must have a handler. */
export type HandlerMap = { readonly [R in EndpointRoute]: Handler };

/** Part of the map, as one routes/<area>.ts file exports it. */
export type PartialHandlerMap = { readonly [R in EndpointRoute]?: Handler };

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
