/** Rostering exclusions, OneRoster links and children, and ClassLink tenants. */
import { z } from 'zod';
import type { EndpointRoute, EntryOfRoute, PayloadOf } from '../../../core/endpoints/index.js';
import type { HandlerContext, HandlerResult, PartialHandlerMap } from '../../kit/handler.js';
import { requireUser, superuserMay, callerSchoolId } from '../../kit/reach.js';
import { findReachableSchool } from '../../domain/schools/find.js';
import { parseField, parseFields, pathId } from '../../kit/input.js';
import { invalidFields } from '../../domain/errors.js';
import { checkAll } from '../../kit/check-all.js';
import { serializeRosterLink, requireLink } from '../../domain/rostering/rostering.js';
import {
  exclusionsOf,
  linkSchool,
  rosterChildren,
  setExcluded,
  updateLinkData,
} from '../../domain/rostering/link-changes.js';
import { allTenants, registerTenant, serializeTenant, tenantOrgs } from '../../domain/rostering/tenants.js';
import { providerOf, schoolParam, sync } from './sync.js';
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
  if (ids.length === 0)
    throw invalidFields(
      [{ path: 'exclusions', message: 'required' }],
      'exclusions: give the external ids to exclude (exclusions or ids)',
    );
  return ids;
}

/** The school's exclusions with a provider, only those of `only` when it names any. */
function exclusions(
  ctx: HandlerContext,
  schoolId: number,
  provider: string,
  only: readonly string[] = [],
): HandlerResult {
  const list = exclusionsOf(ctx.db, schoolId, provider, only);
  return reply(ctx, 'exclusions', list, { ids: list.map((e) => e.external_id), total: list.length });
}

// The sandbox's own key of a OneRoster link (the spec names tenant_id and id): a superuser may name the school.
const ONE_ROSTER_SCHOOL = { schoolId: 'serial?' } as const;

// The spec names no fields for registering a ClassLink tenant: these are the sandbox's.
const TENANT_FIELDS = { name: { kind: 'text', min: 1 }, tenant_id: 'id' } as const;
/** A tenant's `orgs`: records of the provider's own keys (a nested shape the field kinds cannot state). */
const orgList = z.array(z.record(z.string(), z.unknown()));

export const rosterExtraHandlers = {
  'GET {roster_b}/school/{id}/exclusions': (ctx) =>
    exclusions(ctx, schoolParam(ctx).id, providerOf(ctx), namedIds(ctx.input)),
  'POST {roster_b}/school/{id}/exclusions': (ctx) => {
    const school = schoolParam(ctx);
    const provider = providerOf(ctx);
    setExcluded(ctx, school.id, provider, exclusionIds(ctx.input), true);
    ctx.countWrite();
    return exclusions(ctx, school.id, provider);
  },
  'DELETE {roster_b}/school/{id}/exclusions': (ctx) => {
    const school = schoolParam(ctx);
    const provider = providerOf(ctx);
    setExcluded(ctx, school.id, provider, exclusionIds(ctx.input), false);
    ctx.countWrite();
    return exclusions(ctx, school.id, provider);
  },
  'POST one-roster/{x}/school/{id}/sync': sync,
  'GET one-roster/{x}/school/{id}/children': (ctx) => {
    const school = schoolParam(ctx);
    const link = requireLink(ctx.db, school.id, providerOf(ctx));
    const children = rosterChildren(ctx.db, school.id, link);
    return reply(ctx, 'children', children, { total: children.length });
  },
  'PATCH schools/{id}/one-roster/{x}': (ctx) => {
    const school = schoolParam(ctx);
    const link = updateLinkData(ctx.db, school.id, providerOf(ctx), ctx.input);
    ctx.countWrite();
    return reply(ctx, 'link', serializeRosterLink(link));
  },
  'POST one-roster/{x}/school': (ctx) => {
    const { schoolId: chosen } = parseFields(ONE_ROSTER_SCHOOL, ctx.input);
    const user = requireUser(ctx);
    const schoolId = chosen !== undefined && superuserMay(user, 'reach every school') ? chosen : callerSchoolId(ctx);
    findReachableSchool(ctx.db, ctx.user, schoolId);
    const link = linkSchool(ctx, schoolId, providerOf(ctx), {
      externalId: String(ctx.input.id),
      tenantId: String(ctx.input.tenant_id),
    });
    ctx.countWrite();
    return reply(ctx, 'link', serializeRosterLink(link), {}, 201);
  },
  'GET class-link/tenants': (ctx) => {
    const tenants = allTenants(ctx.db).map(serializeTenant);
    return reply(ctx, 'tenants', tenants, { total: tenants.length });
  },
  'POST class-link/tenants': (ctx) => {
    const [body, orgs = []] = checkAll(
      () => parseFields(TENANT_FIELDS, ctx.input),
      () => parseField('orgs', orgList.optional(), ctx.input['orgs']),
    );
    const tenant = registerTenant(ctx.db, { name: body.name, tenantId: String(body.tenant_id), orgs }, ctx.now());
    ctx.countWrite();
    return reply(ctx, 'tenant', serializeTenant(tenant), {}, 201);
  },
  'GET class-link/tenants/{id}/orgs': (ctx) => {
    return reply(ctx, 'orgs', tenantOrgs(ctx.db, pathId(ctx, 'Tenant')));
  },
} satisfies PartialHandlerMap;
