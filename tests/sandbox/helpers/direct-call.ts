/**
 * Runs one route's handler the way the server does (session from a username, role check from the table,
 * payload validation with the table's schemas, one transaction rolled back on error, HttpError to the
 * error shape) on a database, without a socket. Shared by the school-admin and billing harnesses.
 */
import { ENDPOINTS } from '../../../core/endpoints/index.js';
import { paramsSchema, payloadSchema } from '../../../core/endpoints/schemas.js';
import { mayCall } from '../../../sandbox/server/roles.js';
import { lookupSession } from '../../../sandbox/server/session.js';
import { issueToken } from '../../../sandbox/domain/auth/tokens.js';
import type { Db } from '../../../sandbox/db/database.js';
import { SEED_NOW } from '../../../sandbox/db/seed/context.js';
import { HttpError, type Handler } from '../../../sandbox/kit/handler.js';
import { describeIssues } from '../../../sandbox/kit/input.js';

export interface DirectCallOptions {
  /** Username to call as; null calls without a session. */
  readonly as?: string | null;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly input?: Readonly<Record<string, unknown>>;
}

export interface DirectReply<B> {
  readonly status: number;
  readonly body: B;
}

export interface DirectCallerOptions {
  readonly handlers: Readonly<Record<string, Handler>>;
  /** Who calls when a test does not say. */
  readonly defaultAs: string;
  /** Names the handler set in "no handler" errors. */
  readonly label: string;
  readonly now: () => Date;
  readonly onWrite?: (route: string) => void;
}

/** A `call(route, options)` over `db` with the given handlers. */
export function directCaller<B>(db: Db, options: DirectCallerOptions): (route: string, call?: DirectCallOptions) => Promise<DirectReply<B>> {
  const tokens = new Map<string, string>();
  return async (route, call = {}) => {
    const endpoint = ENDPOINTS.find((e) => e.route === route);
    if (!endpoint) throw new Error(`no route ${route} in the table`);
    const handler = options.handlers[route];
    if (!handler) throw new Error(`no ${options.label} handler for ${route}`);
    const as = call.as === undefined ? options.defaultAs : call.as;
    let user = null;
    if (as !== null) {
      let token = tokens.get(as);
      if (!token) {
        const id = db.prepare('SELECT id FROM users WHERE username = ?').pluck().get(as) as number | undefined;
        if (id === undefined) throw new Error(`no user ${as}`);
        token = issueToken(db, id, SEED_NOW);
        tokens.set(as, token);
      }
      user = lookupSession(db, token, SEED_NOW);
    }
    const reply = (status: number, body: unknown) => ({ status, body: body as B });
    if (!user && endpoint.role !== 'public') return reply(401, { error: 'Unauthorised' });
    if (user && !mayCall(user, endpoint)) return reply(403, { error: 'Forbidden' });
    const params = paramsSchema(endpoint).safeParse(Object.fromEntries(Object.entries(call.params ?? {}).map(([k, v]) => [k, String(v)])));
    const input = payloadSchema(endpoint).safeParse(call.input ?? {});
    if (!params.success || !input.success) {
      const failed = [params.error, input.error].flatMap((error) => (error ? [describeIssues(error)] : []));
      return reply(422, { error: 'Invalid data', message: failed.map((f) => f.message).join('; '), errors: failed.flatMap((f) => f.errors) });
    }
    const now = options.now();
    try {
      const result = await db.transaction(() =>
        handler({ db, endpoint, user, params: params.data, input: input.data, now: () => now, countWrite: () => options.onWrite?.(route) }),
      )();
      return reply(result.status ?? 200, JSON.parse(JSON.stringify(result.body ?? null)));
    } catch (error) {
      if (error instanceof HttpError) return reply(error.status, { error: error.error, message: error.message, ...error.data });
      throw error;
    }
  };
}
