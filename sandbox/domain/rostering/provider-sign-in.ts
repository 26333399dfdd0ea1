/**
 * Sign-in through a rostering provider. The sandbox has no provider to ask, so the `code` is taken as
 * the username (or school username) of a member of the school linked with that provider and that
 * `subdomain` (clever, classlink) or `domain` (oneroster), as the school gave it when it linked.
 */
import { jsonObject } from '../../kit/json-columns.js';
import { all } from '../../kit/sql.js';
import type { DomainContext } from '../context.js';
import { DomainError } from '../errors.js';
import { openSession, type Session } from '../auth/sign-in.js';
import type { LinkRow } from './rostering.js';
import { findRow } from '../../kit/reach.js';

/**
 * A new session of the member `code` names of the school linked with `provider` under `key` = `where`;
 * 404 when no school is so linked, 401 when the code names no member of it.
 *
 * @example
 * providerSignIn(ctx, 'clever', 'subdomain', 'hill', 'ann');
 */
export function providerSignIn(
  ctx: DomainContext,
  provider: string,
  key: 'subdomain' | 'domain',
  where: string,
  code: string,
): Session {
  const link = all<LinkRow>(
    ctx.db,
    "SELECT * FROM rostering_links WHERE provider = ? AND state IN ('linked', 'active')",
    provider,
  ).find((l) => String(jsonObject(l.data)[key] ?? '').toLowerCase() === where);
  if (!link) throw new DomainError('not-found', `No school is linked with ${provider} for ${key} ${where}`);
  const missing = (): DomainError =>
    new DomainError('unauthorised', `The ${provider} code does not match a member of school ${link.school_id}`);
  const user = findRow<{ id: number }>(
    ctx.db,
    missing,
    'SELECT id FROM users WHERE school_id = ? AND deleted_at IS NULL AND (username = ? OR school_username = ?)',
    link.school_id,
    code,
    code.toLowerCase(),
  );
  return openSession(ctx, user.id, null);
}
