/**
 * Literacy resources: resource reads, types, the curriculum nodes that list a resource,
 * and file access. Curricula and nodes themselves stay in the generic store (collection
 * `quiz/curriculum_nodes`); the reads by url path and tag and the external curricula reads look there.
 * Who may have a resource's files is the domain's rule (domain/resources/file-access.ts). A presigned
 * address is the sandbox's own (`media/files/...`, relative to the API base, served by
 * ./curricula-resources/media.ts), signed with this database's key and valid for 15 minutes.
 */
import type { PartialHandlerMap, RouteHandler } from '../kit/handler.js';
import { page, pathId } from '../kit/input.js';
import { filePath } from '../domain/resources/paths.js';
import { SIGNED_URL_SECONDS, signFile } from '../domain/resources/signing.js';
import { findResource, nodesWithResource, serializeResource, searchResources } from '../domain/resources/resources.js';
import { accessibleFile, renewAccessUuid, resourceTypes } from '../domain/resources/file-access.js';
import { curriculumReadHandlers } from './curricula-resources/reads.js';
import { defineRoutes } from './areas.js';
import { reply } from '../kit/reply.js';

const presign: RouteHandler<'POST resources/files/{id}/presign'> = (ctx) => {
  const { file } = accessibleFile(ctx, pathId(ctx, 'File'));
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
    const found = searchResources(ctx.db, {
      search: q.search,
      category: q.category,
      typeId: q.type_id,
      availability: q.availability,
      curriculumId: q.curriculum_id,
      skip,
      take,
    });
    return reply(
      ctx,
      'resources',
      found.items.map((r) => serializeResource(ctx.db, r)),
      { total: found.total },
    );
  },
  'GET resources/types': (ctx) => {
    return reply(ctx, 'types', resourceTypes(ctx.db));
  },
  'GET resources/resources/{id}': (ctx) =>
    reply(ctx, 'resource', serializeResource(ctx.db, findResource(ctx.db, 'id', pathId(ctx, 'Resource')))),
  'GET resources/resources_by_url_key/{key}': (ctx) =>
    reply(ctx, 'resource', serializeResource(ctx.db, findResource(ctx.db, 'url_key', ctx.params['key'] ?? ''))),
  'GET resources/resources_by_ident/{ident}': (ctx) =>
    reply(ctx, 'resource', serializeResource(ctx.db, findResource(ctx.db, 'ident', ctx.params['ident'] ?? ''))),
  'GET resources/resources/{id}/nodes': (ctx) => {
    const resource = findResource(ctx.db, 'id', pathId(ctx, 'Resource'));
    const nodes = nodesWithResource(ctx.db, resource.id);
    return reply(ctx, 'nodes', nodes, { total: nodes.length });
  },
  'POST resources/files/{id}/access_uuid': (ctx) => {
    const { file } = accessibleFile(ctx, pathId(ctx, 'File'));
    const uuid = renewAccessUuid(ctx.db, file.id);
    ctx.countWrite();
    return reply(ctx, 'access_uuid', uuid, {
      file: { id: file.id, name: file.name, mime: file.mime, size: file.size },
    });
  },
  'POST resources/files/{id}/presign': presign,
} satisfies PartialHandlerMap;

export const curriculaResourcesHandlers = defineRoutes('curricula-resources', {
  ...resourceHandlers,
  ...curriculumReadHandlers,
});
