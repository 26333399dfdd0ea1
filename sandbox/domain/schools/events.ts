import type { DomainContext } from '../context.js';
import { run } from '../../kit/sql.js';

/**
 * Records what staff did in a school, read back by `GET events`.
 *
 * @example
 * logEvent(ctx, schoolId, 'pupils.deleted', { ids: [4, 5] });
 */
export function logEvent(ctx: DomainContext, schoolId: number, kind: string, data: Record<string, unknown> = {}): void {
  run(
    ctx.db,
    'INSERT INTO school_events (school_id, user_id, kind, data, created_at) VALUES (?, ?, ?, ?, ?)',
    schoolId,
    ctx.user?.id ?? null,
    kind,
    JSON.stringify(data),
    ctx.now().toISOString(),
  );
}
