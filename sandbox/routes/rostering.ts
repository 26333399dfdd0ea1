/**
 * Rostering and school-system integrations, kept as link state per school and provider (see
 * domain/rostering/rostering.ts for the states). There is no real provider behind the sandbox: a sync records
 * when it ran and what it would have brought over (the school's own pupils, teachers and groups, less
 * exclusions). Provider sign-in (`{roster_b}/auth`) finds the school linked with that subdomain or domain
 * and takes the code as the username of a member of that school. Each rostering placeholder stands for one
 * provider of the sandbox (roster-providers.ts: `link{roster_a}` is `linkwonde`, `link{roster_b}` is
 * `linkclever`...), and the handlers read the provider from the route's placeholder.
 */
import type { HandlerContext, HandlerResult, PartialHandlerMap } from '../kit/handler.js';
import { callerSchoolId } from '../kit/reach.js';
import { logEvent } from '../domain/schools/events.js';
import { parseFields } from '../kit/input.js';
import { jsonObject } from '../kit/json-columns.js';
import {
  assertState,
  serializeRosterLink,
  requireLink,
  syncSummary,
  upsertLinked,
} from '../domain/rostering/rostering.js';
import {
  assertLinkable,
  linkSchool,
  providerLinks,
  requestLink,
  setLinkActive,
  unlinkSchool,
} from '../domain/rostering/link-changes.js';
import { providerOf, schoolParam, sync } from './rostering/sync.js';
import { rosterSignInHandlers } from './rostering/sign-in.js';
import { rosterExtraHandlers } from './rostering/extra.js';
import { defineRoutes } from './areas.js';
import { reply } from '../kit/reply.js';

function setActivation(active: boolean) {
  return (ctx: HandlerContext): HandlerResult => {
    const link = setLinkActive(ctx, schoolParam(ctx).id, providerOf(ctx), active);
    ctx.countWrite();
    return reply(ctx, 'link', serializeRosterLink(link));
  };
}

function unlink(ctx: HandlerContext): HandlerResult {
  const school = schoolParam(ctx);
  const provider = providerOf(ctx);
  unlinkSchool(ctx.db, school.id, provider);
  ctx.countWrite();
  logEvent(ctx, school.id, 'rostering.unlinked', { provider });
  return reply(ctx, 'deleted', true, { provider, school_id: school.id });
}

// The spec names no fields for the link calls: these are the sandbox's. Other keys are kept as link data.
const LINK_FIELDS = { subdomain: 'string?', domain: 'string?', external_id: 'id?', id: 'id?' } as const;

function linkOwnSchool(ctx: HandlerContext): HandlerResult {
  const schoolId = callerSchoolId(ctx);
  const provider = providerOf(ctx);
  assertLinkable(ctx.db, schoolId, provider);
  const { external_id: externalId, id, ...data } = parseFields(LINK_FIELDS, ctx.input);
  const external = externalId ?? id;
  const link = linkSchool(ctx, schoolId, provider, {
    externalId: external === undefined ? null : String(external),
    data,
  });
  ctx.countWrite();
  logEvent(ctx, schoolId, 'rostering.linked', { provider });
  return reply(ctx, 'link', serializeRosterLink(link), {}, 201);
}

const rosterCoreHandlers = {
  'GET {school_system}/schools': (ctx) => {
    const schools = providerLinks(ctx.db, providerOf(ctx)).map(({ name, ...link }) => ({
      ...serializeRosterLink(link),
      name,
    }));
    return reply(ctx, 'schools', schools, { total: schools.length });
  },
  'GET {school_system}/schools/{id}': (ctx) => {
    const school = schoolParam(ctx);
    return reply(ctx, 'school', {
      ...serializeRosterLink(requireLink(ctx.db, school.id, providerOf(ctx))),
      name: school.name,
    });
  },
  'POST {school_system}/schools/{id}/activation': setActivation(true),
  'DELETE {school_system}/schools/{id}/activation': setActivation(false),
  'POST users/me/school/{school_system}/request': (ctx) => {
    const { link, created } = requestLink(ctx, callerSchoolId(ctx), providerOf(ctx));
    ctx.countWrite();
    return reply(ctx, 'link', serializeRosterLink(link), {}, created ? 201 : 200);
  },
  'POST schools/{id}/set{school_system}id': (ctx) => {
    const school = schoolParam(ctx);
    const externalId = String(ctx.input['d6_id']);
    const link = upsertLinked(ctx.db, school.id, providerOf(ctx), { externalId, now: ctx.now().toISOString() });
    ctx.countWrite();
    return reply(ctx, 'link', serializeRosterLink(link));
  },
  'DELETE schools/{id}/set{school_system}id': unlink,
  'POST {school_system}/schools/{id}/sync': sync,
  'POST schools/{id}/{roster_a}sync': sync,
  'POST schools/{id}/{roster_b}sync': sync,
  'GET schools/{id}/{roster_b}presync': (ctx) => {
    const school = schoolParam(ctx);
    const link = requireLink(ctx.db, school.id, providerOf(ctx));
    assertState(link, ['linked', 'active'], 'preview a sync');
    return reply(ctx, 'presync', { ...syncSummary(ctx.db, school.id, link.provider), last_synced_at: link.synced_at });
  },
  'GET {roster_b}/schools/{id}/sync': (ctx) => {
    const school = schoolParam(ctx);
    const link = requireLink(ctx.db, school.id, providerOf(ctx));
    return reply(ctx, 'sync', {
      state: link.state,
      synced_at: link.synced_at,
      sync_count: link.sync_count,
      last_sync: jsonObject(link.data)['last_sync'] ?? null,
    });
  },
  'POST users/me/school/link{roster_b}': linkOwnSchool,
  'POST users/me/school/link{roster_a}': linkOwnSchool,
  'POST users/me/school/link{roster_c}': linkOwnSchool,
  'POST users/me/school/link{roster_d}': linkOwnSchool,
  'DELETE schools/{id}/set{roster_b}id': unlink,
} satisfies PartialHandlerMap;

export const rosteringHandlers = defineRoutes('rostering', {
  ...rosterCoreHandlers,
  ...rosterSignInHandlers,
  ...rosterExtraHandlers,
});
