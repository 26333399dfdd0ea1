/** Rostering exclusions, OneRoster links and children, and ClassLink tenants. */
import { z } from 'zod';
import type { HandlerContext, HandlerResult, PartialHandlerMap } from '../../kit/handler.js';
import { HttpError } from '../../kit/handler.js';
import { assertReachable, callerSchoolId, requireUser } from '../../kit/reach.js';
import { idValue, notFound, parseInput, pathId } from '../../kit/input.js';
import { jsonObject } from '../../kit/json-columns.js';
import { assertState, linkJson, providerOf, requireLink, upsertLinked } from '../../domain/schools/rostering.js';
import { all, one, run } from '../../kit/sql.js';
import { schoolParam, sync } from '../../domain/schools/rostering-sync.js';

const exclusionBody = z.object({ exclusions: z.array(z.union([z.string(), z.number()])).optional(), ids: z.union([z.array(z.union([z.string(), z.number()])), z.string()]).optional() });

function exclusionIds(ctx: HandlerContext): string[] {
  const body = parseInput(exclusionBody, ctx.input);
  const raw = body.exclusions ?? (typeof body.ids === 'string' ? body.ids.split(',') : body.ids) ?? [];
  const ids = [...new Set(raw.map((v) => String(v).trim()).filter((v) => v !== ''))];
  if (ids.length === 0) throw new HttpError(422, 'Invalid data', 'exclusions: give the external ids to exclude (exclusions or ids)', { errors: [{ path: 'exclusions', message: 'required' }] });
  return ids;
}

function exclusions(ctx: HandlerContext, schoolId: number, provider: string): HandlerResult {
  const list = all<{ external_id: string; created_at: string }>(ctx.db, 'SELECT external_id, created_at FROM rostering_exclusions WHERE school_id = ? AND provider = ? ORDER BY external_id', schoolId, provider);
  return { body: { exclusions: list, ids: list.map((e) => e.external_id), total: list.length } };
}

interface TenantRow {
  readonly id: number;
  readonly name: string;
  readonly tenant_id: string;
  readonly data: string;
  readonly created_at: string;
}

const tenantJson = (row: TenantRow): Record<string, unknown> => ({ ...jsonObject(row.data), id: row.id, name: row.name, tenant_id: row.tenant_id, created_at: row.created_at });

export const rosterExtraHandlers = {
  'GET {roster_b}/school/{id}/exclusions': (ctx) => exclusions(ctx, schoolParam(ctx).id, providerOf(ctx)),
  'POST {roster_b}/school/{id}/exclusions': (ctx) => {
    const school = schoolParam(ctx);
    const provider = providerOf(ctx);
    requireLink(ctx.db, school.id, provider);
    const now = ctx.now().toISOString();
    for (const id of exclusionIds(ctx)) run(ctx.db, 'INSERT OR IGNORE INTO rostering_exclusions (school_id, provider, external_id, created_at) VALUES (?, ?, ?, ?)', school.id, provider, id, now);
    ctx.countWrite();
    return exclusions(ctx, school.id, provider);
  },
  'DELETE {roster_b}/school/{id}/exclusions': (ctx) => {
    const school = schoolParam(ctx);
    const provider = providerOf(ctx);
    for (const id of exclusionIds(ctx)) run(ctx.db, 'DELETE FROM rostering_exclusions WHERE school_id = ? AND provider = ? AND external_id = ?', school.id, provider, id);
    ctx.countWrite();
    return exclusions(ctx, school.id, provider);
  },
  'POST one-roster/{x}/school/{id}/sync': sync,
  'GET one-roster/{x}/school/{id}/children': (ctx) => {
    const school = schoolParam(ctx);
    const link = requireLink(ctx.db, school.id, providerOf(ctx));
    const groups = all<{ id: number; name: string; parent_id: number | null }>(ctx.db, 'SELECT id, name, parent_id FROM school_groups WHERE school_id = ? ORDER BY id', school.id);
    const children = groups.map((g) => ({ id: `${link.external_id ?? `school-${school.id}`}-class-${g.id}`, name: g.name, type: g.parent_id === null ? 'class' : 'section', group_id: g.id }));
    return { body: { children, total: children.length } };
  },
  'PATCH schools/{id}/one-roster/{x}': (ctx) => {
    const school = schoolParam(ctx);
    const link = requireLink(ctx.db, school.id, providerOf(ctx));
    const settings = parseInput(z.record(z.string(), z.unknown()), ctx.input);
    run(ctx.db, 'UPDATE rostering_links SET data = ? WHERE school_id = ? AND provider = ?', JSON.stringify({ ...jsonObject(link.data), ...settings }), school.id, link.provider);
    ctx.countWrite();
    return { body: { link: linkJson(requireLink(ctx.db, school.id, link.provider)) } };
  },
  'POST one-roster/{x}/school': (ctx) => {
    const body = parseInput(z.looseObject({ tenant_id: z.union([z.string().min(1), z.number()]), id: z.union([z.string().min(1), z.number()]), schoolId: idValue.optional() }), ctx.input);
    const user = requireUser(ctx);
    const schoolId = body.schoolId !== undefined && user.superuser ? body.schoolId : callerSchoolId(ctx);
    assertReachable(ctx, schoolId, 'School', schoolId);
    const provider = providerOf(ctx);
    const existing = one<{ state: string }>(ctx.db, 'SELECT state FROM rostering_links WHERE school_id = ? AND provider = ?', schoolId, provider);
    if (existing) assertState(requireLink(ctx.db, schoolId, provider), ['requested'], 'be linked again');
    const link = upsertLinked(ctx.db, schoolId, provider, { externalId: String(body.id), tenantId: String(body.tenant_id), now: ctx.now().toISOString() });
    ctx.countWrite();
    return { status: 201, body: { link: linkJson(link) } };
  },
  'GET class-link/tenants': (ctx) => {
    const tenants = all<TenantRow>(ctx.db, 'SELECT * FROM classlink_tenants ORDER BY id').map(tenantJson);
    return { body: { tenants, total: tenants.length } };
  },
  'POST class-link/tenants': (ctx) => {
    const body = parseInput(z.object({ name: z.string().trim().min(1), tenant_id: z.union([z.string().min(1), z.number()]), orgs: z.array(z.record(z.string(), z.unknown())).optional() }), ctx.input);
    const tenantId = String(body.tenant_id);
    if (one(ctx.db, 'SELECT id FROM classlink_tenants WHERE tenant_id = ?', tenantId)) throw new HttpError(409, 'Conflict', `ClassLink tenant ${tenantId} is already registered`);
    const id = Number(run(ctx.db, 'INSERT INTO classlink_tenants (name, tenant_id, data, created_at) VALUES (?, ?, ?, ?)', body.name, tenantId, JSON.stringify({ orgs: body.orgs ?? [] }), ctx.now().toISOString()).lastInsertRowid);
    ctx.countWrite();
    return { status: 201, body: { tenant: tenantJson(one<TenantRow>(ctx.db, 'SELECT * FROM classlink_tenants WHERE id = ?', id) as TenantRow) } };
  },
  'GET class-link/tenants/{id}/orgs': (ctx) => {
    const id = pathId(ctx, 'Tenant');
    const row = one<TenantRow>(ctx.db, 'SELECT * FROM classlink_tenants WHERE id = ?', id);
    if (!row) throw notFound('Tenant', id);
    const orgs = jsonObject(row.data)['orgs'];
    return { body: { orgs: Array.isArray(orgs) ? orgs : [] } };
  },
} satisfies PartialHandlerMap;
