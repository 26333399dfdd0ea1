/**
 * The reserved `__sandbox/` routes: not part of the API, no token needed, never faulted or rate limited.
 * - GET __sandbox/status: what is running.
 * - GET, PUT __sandbox/faults: read or switch fault injection (`{ "faults": "500=0.1" }`, a spec object, or text).
 * - GET, DELETE __sandbox/writes: how many times each write was applied, per route and target (`?route=`, `?target=`).
 * - POST __sandbox/reset: empty the database and seed it again (`{ "seed": "demo" | "large" }`).
 */
import { z } from 'zod';
import { clearDatabase, seed, SEED_ACCOUNTS } from '../db/seed/index.js';
import { errorReply } from './errors-shape.js';
import { FaultSpecError } from './fault-spec-error.js';
import { faultSpecSchema, formatFaults, parseFaults, type FaultSpec } from './faults.js';
import { describeIssues } from '../kit/input.js';
import { parseJsonBody } from './json-body.js';
import { queryObject } from './request-input.js';
import type { SandboxReply, SandboxRequest, SandboxState } from './state.js';
import { all, allArrays, oneValue, run } from '../kit/sql.js';

const writeRow = z.object({ route: z.string(), target: z.string(), count: z.number().int() });
const resetBody = z.strictObject({ seed: z.enum(['demo', 'large']).optional() });

function ok(body: unknown): SandboxReply {
  return { kind: 'json', status: 200, headers: {}, body };
}

class BodyError extends Error {}

function jsonOf(request: SandboxRequest): unknown {
  const text = request.body?.toString('utf8').trim() ?? '';
  if (text === '') return {};
  if (!(request.header('content-type') ?? 'application/json').includes('json')) return text;
  const parsed = parseJsonBody(text);
  if (!parsed.ok) throw new BodyError(parsed.message);
  return parsed.value;
}

function faultsFrom(body: unknown): FaultSpec {
  if (typeof body === 'string') return parseFaults(body);
  if (body && typeof body === 'object' && 'faults' in body && typeof body.faults === 'string')
    return parseFaults(body.faults);
  const parsed = faultSpecSchema.safeParse(body);
  if (!parsed.success)
    throw new FaultSpecError(`Bad fault spec object: ${describeIssues(parsed.error).message}`, JSON.stringify(body));
  return parsed.data;
}

function faultsBody(spec: FaultSpec): unknown {
  return { faults: formatFaults(spec), spec };
}

/**
 * Folds the write log into one row per route and target when it holds more (every write appends a row, so
 * between reads the log grows with the writes; a read leaves it as small as the counts it answers).
 */
function compactWriteLog(db: SandboxState['db']): void {
  const [rows, pairs] = allArrays<[number, number]>(
    db,
    'SELECT COUNT(*), (SELECT COUNT(*) FROM (SELECT 1 FROM write_log GROUP BY route, target)) FROM write_log',
  )[0] as [number, number];
  if (rows <= pairs) return;
  db.transaction(() => {
    db.exec(`CREATE TEMP TABLE write_sums AS SELECT route, target, SUM(count) AS count FROM write_log GROUP BY route, target;
      DELETE FROM write_log;
      INSERT INTO write_log (route, target, count) SELECT route, target, count FROM write_sums ORDER BY route, target;
      DROP TABLE write_sums;`);
  })();
}

async function writes(state: SandboxState, request: SandboxRequest): Promise<SandboxReply> {
  await state.lock.run(() => compactWriteLog(state.db));
  const query = queryObject(request.query);
  let sql = 'SELECT route, target, SUM(count) AS count FROM write_log WHERE 1';
  const args: string[] = [];
  for (const column of ['route', 'target'] as const) {
    const value = query[column];
    if (typeof value === 'string') {
      sql += ` AND ${column} = ?`;
      args.push(value);
    }
  }
  const rows = all(state.db, `${sql} GROUP BY route, target ORDER BY route, target`, ...args).map((r) =>
    writeRow.parse(r),
  );
  return ok({ writes: rows, total: rows.reduce((sum, r) => sum + r.count, 0) });
}

/**
 * Answers a `__sandbox/` request.
 *
 * @example
 * await handleControl(state, { method: 'GET', path: '__sandbox/writes', ... });
 */
export async function handleControl(state: SandboxState, request: SandboxRequest): Promise<SandboxReply> {
  const route = `${request.method} ${request.path.replace(/\/+$/, '')}`;
  try {
    switch (route) {
      case 'GET __sandbox/status':
        return ok({
          status: 'ok',
          seed: state.seedSize,
          started_at: state.startedAt.toISOString(),
          rate_limit: state.limiter.limit,
          faults: formatFaults(state.faults.spec),
        });
      case 'GET __sandbox/faults':
        return ok(faultsBody(state.faults.spec));
      case 'PUT __sandbox/faults':
        state.faults.set(faultsFrom(jsonOf(request)));
        return ok(faultsBody(state.faults.spec));
      case 'GET __sandbox/writes':
        return writes(state, request);
      case 'DELETE __sandbox/writes': {
        const cleared = await state.lock.run(() => {
          const applied = oneValue<number>(state.db, 'SELECT coalesce(SUM(count), 0) FROM write_log') as number;
          run(state.db, 'DELETE FROM write_log');
          return applied;
        });
        return ok({ cleared });
      }
      case 'POST __sandbox/reset': {
        const body = resetBody.parse(jsonOf(request));
        const size = body.seed ?? (state.seedSize === 'none' ? 'demo' : state.seedSize);
        await state.lock.run(() => {
          clearDatabase(state.db);
          seed(state.db, { size });
        });
        state.seedSize = size;
        state.limiter.reset();
        state.keys.reset();
        return ok({ reset: true, seed: size, accounts: SEED_ACCOUNTS });
      }
      default:
        return errorReply(404, 'Not found', `No sandbox route ${route}`);
    }
  } catch (error) {
    if (error instanceof FaultSpecError)
      return errorReply(422, 'Invalid data', error.message, { errors: [{ path: 'faults', message: error.message }] });
    if (error instanceof BodyError) return errorReply(400, 'Bad request', error.message);
    if (error instanceof z.ZodError) {
      const { message, errors } = describeIssues(error);
      return errorReply(422, 'Invalid data', message, { errors });
    }
    throw error;
  }
}
