/**
 * Literacy resources: resource reads, types, the curriculum nodes that list a resource,
 * and file access. Curricula and nodes themselves stay in the generic store (collection
 * `quiz/curriculum_nodes`); the reads by url path and tag and the external curricula reads look there.
 * Who may have a resource's files is core's rule (`resourceAccess`): anyone signed in for a free resource,
 * else a member (literacy access full or trial: a school with a live subscription that includes `litshed`)
 * or a superuser. A presigned address is the sandbox's own (`media/files/...`, relative to the API base,
 * served by ./curricula-resources/media.ts), signed with this database's key and valid for 15 minutes.
 */
import { randomUUID } from 'node:crypto';
import { resourceAccess } from '../../core/domain/resource-access.js';
import type { HandlerContext, PartialHandlerMap, RouteHandler } from '../kit/handler.js';
import { HttpError } from '../kit/handler.js';
import { requireUser, superuserMay } from '../kit/reach.js';
import { notFound, page, pathId } from '../kit/input.js';
import { filePath } from '../domain/resources/paths.js';
import { SIGNED_URL_SECONDS, signFile } from '../domain/resources/signing.js';
import { findResource, literacyAccessLevel, nodesWithResource, serializeResource, searchResources, type ResourceRow } from '../domain/resources/resources.js';
import { all, one, run } from '../kit/sql.js';
import { curriculumReadHandlers } from './curricula-resources/reads.js';
import { defineRoutes } from './areas.js';
import type { Row } from '../db/rows.js';
import { reply } from '../kit/reply.js';

type FileRow = Pick<Row<'resource_files'>, 'id' | 'resource_id' | 'name' | 'mime' | 'size' | 'access_uuid'>;

/** A file whose resource the caller may open, or 404/403. */
function accessibleFile(ctx: HandlerContext): { file: FileRow; resource: ResourceRow } {
  const id = pathId(ctx, 'File');
  const file = one<FileRow>(ctx.db, 'SELECT * FROM resource_files WHERE id = ?', id);
  if (!file) throw notFound('File', id);
  const resource = findResource(ctx.db, 'id', file.resource_id);
  const user = requireUser(ctx);
  const level = literacyAccessLevel(ctx.db, user.schoolId);
  if (resourceAccess({ superuser: superuserMay(user, 'download any resource'), literacy_access_level: level }, resource.availability) !== 'download') {
    throw new HttpError(403, 'Forbidden', `Resource ${resource.id} is for members; ${user.schoolId === null ? 'you are not in a school' : `school ${user.schoolId} has no live literacy subscription`}`);
  }
  return { file, resource };
}

const presign: RouteHandler<'POST resources/files/{id}/presign'> = (ctx) => {
  const { file } = accessibleFile(ctx);
  const disposition = ctx.input.disposition ?? 'attachment';
  const expires = Math.floor(ctx.now().getTime() / 1000) + SIGNED_URL_SECONDS;
  const signature = signFile(ctx.db, file.id, disposition, expires, ctx.now());
  const url = `${filePath(file.id, file.name)}?disposition=${disposition}&expires=${expires}&signature=${signature}`;
  return reply(ctx, 'url', url, { expires_at: new Date(expires * 1000).toISOString(), disposition });
};

const resourceHandlers = {
  'GET resources/resources': (ctx) => {
    const q = ctx.input;
    const { skip, take } = page(ctx);
    const found = searchResources(ctx.db, { search: q.search, category: q.category, typeId: q.type_id, availability: q.availability, curriculumId: q.curriculum_id, skip, take });
    return reply(ctx, 'resources', found.items.map((r) => serializeResource(ctx.db, r)), { total: found.total });
  },
  'GET resources/types': (ctx) => {
    const types = all(ctx.db, 'SELECT t.id, t.name, COUNT(r.id) AS resource_count FROM resource_types t LEFT JOIN resources r ON r.type_id = t.id GROUP BY t.id ORDER BY t.name');
    return reply(ctx, 'types', types);
  },
  'GET resources/resources/{id}': (ctx) => reply(ctx, 'resource', serializeResource(ctx.db, findResource(ctx.db, 'id', pathId(ctx, 'Resource')))),
  'GET resources/resources_by_url_key/{key}': (ctx) => reply(ctx, 'resource', serializeResource(ctx.db, findResource(ctx.db, 'url_key', ctx.params['key'] ?? ''))),
  'GET resources/resources_by_ident/{ident}': (ctx) => reply(ctx, 'resource', serializeResource(ctx.db, findResource(ctx.db, 'ident', ctx.params['ident'] ?? ''))),
  'GET resources/resources/{id}/nodes': (ctx) => {
    const resource = findResource(ctx.db, 'id', pathId(ctx, 'Resource'));
    const nodes = nodesWithResource(ctx.db, resource.id);
    return reply(ctx, 'nodes', nodes, { total: nodes.length });
  },
  'POST resources/files/{id}/access_uuid': (ctx) => {
    const { file } = accessibleFile(ctx);
    const uuid = randomUUID();
    run(ctx.db, 'UPDATE resource_files SET access_uuid = ? WHERE id = ?', uuid, file.id);
    ctx.countWrite();
    return reply(ctx, 'access_uuid', uuid, { file: { id: file.id, name: file.name, mime: file.mime, size: file.size } });
  },
  'POST resources/files/{id}/presign': presign,
} satisfies PartialHandlerMap;

export const curriculaResourcesHandlers = defineRoutes('curricula-resources', { ...resourceHandlers, ...curriculumReadHandlers });
