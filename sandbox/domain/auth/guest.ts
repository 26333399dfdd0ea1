import { randomBytes } from 'node:crypto';
import { run, type Db } from '../../kit/sql.js';

/**
 * Creates the guest user of an anonymous session (`POST authanon`): a learner with no school and no
 * password (the stored hash matches nothing, so only the session's token signs it in), marked
 * `anonymous` until an upgrade makes it a full account. It holds no role beyond signed-in `user`.
 *
 * @example
 * const id = createGuest(db, new Date()); // user 'guest-3f9a0c1b2d4e'
 */
export function createGuest(db: Db, now: Date): number {
  const username = `guest-${randomBytes(6).toString('hex')}`;
  const result = run(
    db,
    `INSERT INTO users (username, display_name, password_hash, kind, data, created_at) VALUES (?, 'Guest', 'none', 'learner', '{"anonymous":true}', ?)`,
    username,
    now.toISOString(),
  );
  return Number(result.lastInsertRowid);
}
