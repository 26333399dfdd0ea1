/** Rostering exclusions, OneRoster links and children, and ClassLink tenants. */
import { z } from 'zod';
import type { EndpointRoute, EntryOfRoute, PayloadOf } from '../../../core/endpoints/index.js';
import type { HandlerContext, HandlerResult, PartialHandlerMap } from '../../kit/handler.js';
import { HttpError } from '../../kit/handler.js';
import { assertReachable, callerSchoolId, requireUser, superuserMay } from '../../kit/reach.js';
import { notFound, parseField, parseFields, pathId } from '../../kit/input.js';
import { checkAll } from '../../kit/check-all.js';
import { itemsOf, jsonObject } from '../../kit/json-columns.js';
import { assertState, serializeRosterLink, requireLink, upsertLinked } from '../../domain/rostering/rostering.js';
import { all, one, placeholders, run } from '../../kit/sql.js';
import { providerOf, schoolParam, sync } from './sync.js';
import type { Row } from '../../db/rows.js';
import { TENANT_ORG } from '../../../core/shapes/rostering.js';
import type { Tenant } from '../../../core/shapes/types.js';
import { reply } from '../../kit/reply.js';

type ExclusionRoute = Extract<EndpointRoute, `${string} {roster_b}/school/{id}/exclusions`>;
/** What the exclusion calls take (the table's `exclusions` and `ids`, the same for all three). */
type ExclusionInput = PayloadOf<EntryOfRoute<ExclusionRoute>>;

/** The external ids a call names (`exclusions`, else `ids`), trimmed, without blanks or repeats. */
function namedIds(input: ExclusionInput): string[] {
  const raw = input.exclusions ?? input.ids;
  const list = typeof raw === 'string' ? raw.split(',') : (raw ?? []);
  return [...new Set(list.map((v) => String(v).trim()).filter((v) => v !== ''))];
}

/** The ids to add or remove: at least one (the table makes both keys optional; one of them is needed). */
function exclusionIds(input: ExclusionInput): string[] {
  const ids = namedIds(input);
  if (ids.length === 0) throw new HttpError(422, 'Invalid data', 'exclusions: give the external ids to exclude (exclusions or ids)', { errors: [{ path: 'exclusions', message: 'required' }] });
  return ids;
}

/** The school's exclusions with a provider, only those of `only` when it names any. */
function exclusions(ctx: HandlerContext, schoolId: number, provider: string, only: readonly string[] = []): HandlerResult {
  const among = only.length === 0 ? '' : ` AND external_id IN (${placeholders(only.length)})`;
  const list = all<Pick<Row<'rostering_exclusions'>, 'external_id' | 'created_at'>>(ctx.db, `SELECT external_id, created_at FROM rostering_exclusions WHERE school_id = ? AND provider = ?${among} ORDER BY external_id`, schoolId, provider, ...only);
  return reply(ctx, 'exclusions', list, { ids: list.map((e) => e.external_id), total: list.length });
}

type TenantRow = Row<'classlink_tenants'>;

/** A ClassLink tenant as the API answers it, with the orgs its data column holds. */
export function serializeTenant(row: TenantRow): Tenant {
  const { orgs } = jsonObject(row.data);
  return { id: row.id, name: row.name, tenant_id: row.tenant_id, orgs: itemsOf(TENANT_ORG, Array.isArray(orgs) ? orgs : []), created_at: row.created_at };
}

// The sandbox's own key of a OneRoster link (the spec names tenant_id and id): a superuser may name the school.
const ONE_ROSTER_SCHOOL = { schoolId: 'serial?' } as const;

// The spec names no fields for registering a ClassLink tenant: these are the sandbox's.
const TENANT_FIELDS = { name: { kind: 'text', min: 1 }, tenant_id: 'id' } as const;
/** A tenant's `orgs`: records of the provider's own keys (a nested shape the field kinds cannot state). */
const orgList = z.array(z.record(z.string(), z.unknown()));

export const rosterExtraHandlers = {
  'GET {roster_b}/school/{id}/exclusions': (ctx) => exclusions(ctx, schoolParam(ctx).id, providerOf(ctx), namedIds(ctx.input)),
  'POST {roster_b}/school/{id}/exclusions': (ctx) => {
    const school = schoolParam(ctx);
    const provider = providerOf(ctx);
    requireLink(ctx.db, school.id, provider);
    const now = ctx.now().toISOString();
    for (const id of exclusionIds(ctx.input)) run(ctx.db, 'INSERT OR IGNORE INTO rostering_exclusions (school_id, provider, external_id, created_at) VALUES (?, ?, ?, ?)', school.id, provider, id, now);
    ctx.countWrite();
    return exclusions(ctx, school.id, provider);
  },
  'DELETE {roster_b}/school/{id}/exclusions': (ctx) => {
    const school = schoolParam(ctx);
    const provider = providerOf(ctx);
    for (const id of exclusionIds(ctx.input)) run(ctx.db, 'DELETE FROM rostering_exclusions WHERE school_id = ? AND provider = ? AND external_id = ?', school.id, provider, id);
    ctx.countWrite();
    return exclusions(ctx, school.id, provider);
  },
  'POST one-roster/{x}/school/{id}/sync': sync,
  'GET one-roster/{x}/school/{id}/children': (ctx) => {
    const school = schoolParam(ctx);
    const link = requireLink(ctx.db, school.id, providerOf(ctx));
    const groups = all<Pick<Row<'school_groups'>, 'id' | 'name' | 'parent_id'>>(ctx.db, 'SELECT id, name, parent_id FROM school_groups WHERE school_id = ? ORDER BY id', school.id);
    const children = groups.map((g) => ({ id: `${link.external_id ?? `school-${school.id}`}-class-${g.id}`, name: g.name, type: g.parent_id === null ? 'class' : 'section', group_id: g.id }));
    return reply(ctx, 'children', children, { total: children.length });
  },
  'PATCH schools/{id}/one-roster/{x}': (ctx) => {
    const school = schoolParam(ctx);
    const link = requireLink(ctx.db, school.id, providerOf(ctx));
    run(ctx.db, 'UPDATE rostering_links SET data = ? WHERE school_id = ? AND provider = ?', JSON.stringify({ ...jsonObject(link.data), ...ctx.input }), school.id, link.provider);
    ctx.countWrite();
    return reply(ctx, 'link', serializeRosterLink(requireLink(ctx.db, school.id, link.provider)));
  },
  'POST one-roster/{x}/school': (ctx) => {
    const { schoolId: chosen } = parseFields(ONE_ROSTER_SCHOOL, ctx.input);
    const user = requireUser(ctx);
    const schoolId = chosen !== undefined && superuserMay(user, 'reach every school') ? chosen : callerSchoolId(ctx);
    assertReachable(ctx, schoolId, 'School', schoolId);
    const provider = providerOf(ctx);
    const existing = one<Pick<Row<'rostering_links'>, 'state'>>(ctx.db, 'SELECT state FROM rostering_links WHERE school_id = ? AND provider = ?', schoolId, provider);
    if (existing) assertState(requireLink(ctx.db, schoolId, provider), ['requested'], 'be linked again');
    const link = upsertLinked(ctx.db, schoolId, provider, { externalId: String(ctx.input.id), tenantId: String(ctx.input.tenant_id), now: ctx.now().toISOString() });
    ctx.countWrite();
    return reply(ctx, 'link', serializeRosterLink(link), {}, 201);
  },
  'GET class-link/tenants': (ctx) => {
    const tenants = all<TenantRow>(ctx.db, 'SELECT * FROM classlink_tenants ORDER BY id').map(serializeTenant);
    return reply(ctx, 'tenants', tenants, { total: tenants.length });
  },
  'POST class-link/tenants': (ctx) => {
    const [body, orgs = []] = checkAll(
      () => parseFields(TENANT_FIELDS, ctx.input),
      () => parseField('orgs', orgList.optional(), ctx.input['orgs']),
    );
    const tenantId = String(body.tenant_id);
    if (one(ctx.db, 'SELECT id FROM classlink_tenants WHERE tenant_id = ?', tenantId)) throw new HttpError(409, 'Conflict', `ClassLink tenant ${tenantId} is already registered`);
    const id = Number(run(ctx.db, 'INSERT INTO classlink_tenants (name, tenant_id, data, created_at) VALUES (?, ?, ?, ?)', body.name, tenantId, JSON.stringify({ orgs }), ctx.now().toISOString()).lastInsertRowid);
    ctx.countWrite();
    return reply(ctx, 'tenant', serializeTenant(one<TenantRow>(ctx.db, 'SELECT * FROM classlink_tenants WHERE id = ?', id) as TenantRow), {}, 201);
  },
  'GET class-link/tenants/{id}/orgs': (ctx) => {
    const id = pathId(ctx, 'Tenant');
    const row = one<TenantRow>(ctx.db, 'SELECT * FROM classlink_tenants WHERE id = ?', id);
    if (!row) throw notFound('Tenant', id);
    const orgs = jsonObject(row.data)['orgs'];
    return reply(ctx, 'orgs', Array.isArray(orgs) ? orgs : []);
  },
} satisfies PartialHandlerMap;
