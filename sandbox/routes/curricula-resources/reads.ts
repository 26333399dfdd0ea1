/**
 * Reads over curricula kept by the generic store: curriculum nodes by url path or tag, external curricula
 * and their nodes. Their create/update/delete routes stay generic, so what those write, these read.
 */
import { findRecord, keysTagged, listRecords, renderRecord } from '../../generic/records.js';
import type { HandlerContext, PartialHandlerMap, RouteHandler } from '../../kit/handler.js';
import { notFound, page, pathId } from '../../kit/input.js';
import { reply } from '../../kit/reply.js';

const NODES = 'quiz/curriculum_nodes';
const EXTERNAL = 'quiz/external_curricula';
const EXTERNAL_NODES = 'quiz/external_curriculum_nodes';

function byKeys(ctx: HandlerContext, collection: string, keys: readonly string[]): Record<string, unknown>[] {
  return keys.flatMap((key) => {
    const record = findRecord(ctx.db, collection, key, null);
    return record ? [renderRecord(record)] : [];
  });
}

const byUrlPath: RouteHandler<'GET quiz/curriculum_nodes_by_url_path'> = (ctx) => {
  const q = ctx.input;
  const path = (q.url_path ?? q.path ?? '').replace(/^\/+|\/+$/g, '');
  const { skip, take } = page(ctx);
  const found = listRecords(ctx.db, NODES, null, {
    skip,
    take,
    where: { url_path: path, ...(q.curriculum_id ? { curriculum_id: q.curriculum_id } : {}) },
  });
  return reply(ctx, 'nodes', found.items.map(renderRecord), { total: found.total });
};

const byTag: RouteHandler<'GET quiz/curriculum_nodes_by_tag'> = (ctx) => {
  const q = ctx.input;
  const tag = q.tag ?? q.tags ?? '';
  const keys = keysTagged(ctx.db, NODES, tag);
  const nodes = byKeys(ctx, NODES, keys);
  return reply(ctx, 'nodes', nodes, { total: nodes.length });
};

export const curriculumReadHandlers = {
  'GET quiz/curriculum_nodes_by_url_path': byUrlPath,
  'GET quiz/curriculum_nodes_by_tag': byTag,
  'GET external_curricula': (ctx) => {
    const found = listRecords(ctx.db, EXTERNAL, null, { skip: 0, take: 1000, where: {} });
    return reply(ctx, 'external_curricula', found.items.map(renderRecord), { total: found.total });
  },
  'GET external_curricula/{id}/nodes': (ctx) => {
    const id = String(pathId(ctx, 'External curriculum'));
    if (!findRecord(ctx.db, EXTERNAL, id, null)) throw notFound('External curriculum', id);
    const found = listRecords(ctx.db, EXTERNAL_NODES, null, {
      skip: 0,
      take: 1000,
      where: { external_curriculum_id: id },
    });
    return reply(ctx, 'nodes', found.items.map(renderRecord), { total: found.total });
  },
} satisfies PartialHandlerMap;
