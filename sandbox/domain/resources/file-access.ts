/**
 * Who may have a resource's files, and the rows behind the sandbox's file addresses. Who may is core's rule
 * (`resourceAccess`): anyone signed in for a free resource, else a member (literacy access full or trial)
 * or a superuser.
 */
import { randomUUID } from 'node:crypto';
import { resourceAccess } from '../../../core/domain/resource-access.js';
import type { DomainContext } from '../context.js';
import { DomainError } from '../errors.js';
import { findResource, literacyAccessLevel, type ResourceRow } from './resources.js';
import { findRow, requireUser, superuserMay } from '../../kit/reach.js';
import { all, one, run, type Db } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';

export type FileRow = Pick<Row<'resource_files'>, 'id' | 'resource_id' | 'name' | 'mime' | 'size' | 'access_uuid'>;

/**
 * File `id` and its resource, if the caller may open the resource's files: 404 for no such file, 403 for
 * a members' resource the caller's school has no live literacy subscription for.
 *
 * @example
 * const { file } = accessibleFile(ctx, 3);
 */
export function accessibleFile(ctx: DomainContext, id: number): { file: FileRow; resource: ResourceRow } {
  const file = findRow<FileRow>(ctx.db, 'File', 'SELECT * FROM resource_files WHERE id = ?', id);
  const resource = findResource(ctx.db, 'id', file.resource_id);
  const user = requireUser(ctx);
  const level = literacyAccessLevel(ctx.db, user.schoolId);
  if (
    resourceAccess(
      { superuser: superuserMay(user, 'download any resource'), literacy_access_level: level },
      resource.availability,
    ) !== 'download'
  ) {
    throw new DomainError(
      'forbidden',
      `Resource ${resource.id} is for members; ${user.schoolId === null ? 'you are not in a school' : `school ${user.schoolId} has no live literacy subscription`}`,
    );
  }
  return { file, resource };
}

/**
 * Gives the file a new access uuid and returns it.
 *
 * @example
 * renewAccessUuid(db, 3) // 'a1b2...'
 */
export function renewAccessUuid(db: Db, fileId: number): string {
  const uuid = randomUUID();
  run(db, 'UPDATE resource_files SET access_uuid = ? WHERE id = ?', uuid, fileId);
  return uuid;
}

/**
 * The resource types with how many resources each has, by name.
 *
 * @example
 * resourceTypes(db) // [{ id: 1, name: 'Planning', resource_count: 12 }, ...]
 */
export function resourceTypes(db: Db): unknown[] {
  return all(
    db,
    'SELECT t.id, t.name, COUNT(r.id) AS resource_count FROM resource_types t LEFT JOIN resources r ON r.type_id = t.id GROUP BY t.id ORDER BY t.name',
  );
}

/**
 * The resource whose url key is `key`, if any (the media addresses answer their own 404).
 *
 * @example
 * resourceByUrlKey(db, 'kennings-poetry-unit')?.id
 */
export function resourceByUrlKey(db: Db, key: string): ResourceRow | undefined {
  return one<ResourceRow>(db, 'SELECT * FROM resources WHERE url_key = ?', key);
}

/** A file as a signed address serves it, with its resource. */
export interface ServedFile {
  readonly row: Pick<Row<'resource_files'>, 'id' | 'resource_id' | 'name' | 'mime' | 'kind'>;
  readonly resource: ResourceRow;
}

/**
 * File `id` named `name` and its resource, if both exist.
 *
 * @example
 * servedFile(db, 3, 'planning-pack.pdf')?.row.mime // 'application/pdf'
 */
export function servedFile(db: Db, id: number, name: string): ServedFile | undefined {
  const row = one<ServedFile['row']>(
    db,
    'SELECT id, resource_id, name, mime, kind FROM resource_files WHERE id = ?',
    id,
  );
  const resource = row && one<ResourceRow>(db, 'SELECT * FROM resources WHERE id = ?', row.resource_id);
  if (!row || !resource || row.name !== name) return undefined;
  return { row, resource };
}
