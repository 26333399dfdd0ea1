/**
 * Pupils of the caller's school: list, show, update, bulk create and update, delete by ids or `*`,
 * generate, CSV export, name suggestions, stage increments. Histories are in routes/pupils/histories.ts.
 */
import { randomInt } from 'node:crypto';
import type { HandlerContext, HandlerResult, PartialHandlerMap } from '../kit/handler.js';
import { callerSchoolId, requireUser } from '../kit/reach.js';
import { pageIfAsked, parseFields, parseIds, pathId } from '../kit/input.js';
import { logEvent } from '../domain/schools/events.js';
import { findPupil } from '../domain/schools/find.js';
import { generateDisplayName, uniqueName, usernameFrom } from '../domain/pupils/names.js';
import { NEW_PUPIL_FIELDS, PUPIL_FIELDS, PUPIL_UPDATE_FIELDS, pupilList } from '../domain/pupils/pupil-fields.js';
import { groupIdsOf, pupilsByIds, schoolPupilDocs } from '../domain/pupils/pupil-queries.js';
import {
  deletePupils,
  freeUsername,
  incrementStages,
  pupilsCsv,
  updateSettings,
} from '../domain/pupils/pupil-school.js';
import { createPupils, takenSchoolUsernames, updatePupil } from '../domain/pupils/pupil-write.js';
import { serializePupil, type PupilFields } from '../domain/schools/serialize.js';
import { pupilHistoryHandlers } from './pupils/histories.js';
import { usernameCheckHandlers } from './pupils/username-check.js';
import { defineRoutes } from './areas.js';
import { reply } from '../kit/reply.js';

const random = (): number => randomInt(0, 2 ** 32) / 2 ** 32;

function withGroups(ctx: HandlerContext, pupils: readonly PupilFields[]): Record<string, unknown>[] {
  const groups = groupIdsOf(
    ctx.db,
    pupils.map((p) => p.id),
  );
  return pupils.map((p) => serializePupil(p, groups.get(p.id) ?? []));
}

function reload(ctx: HandlerContext, ids: readonly number[]): Record<string, unknown>[] {
  return withGroups(ctx, pupilsByIds(ctx.db, ctx.user, ids).pupils);
}

function createMany(ctx: HandlerContext, list: unknown): HandlerResult {
  const schoolId = callerSchoolId(ctx);
  const pupils = pupilList(NEW_PUPIL_FIELDS, list);
  const created = createPupils(ctx.db, schoolId, pupils, { now: ctx.now().toISOString(), random });
  ctx.countWrite();
  logEvent(ctx, schoolId, 'pupils.created', { ids: created.map((c) => c.id) });
  const passwords = new Map(created.map((c) => [c.id, c.password]));
  const body = reload(
    ctx,
    created.map((c) => c.id),
  ).map((p) => ({ ...p, password: passwords.get(p['id'] as number) }));
  return reply(ctx, 'pupils', body, { total: body.length }, 201);
}

function updateMany(ctx: HandlerContext): HandlerResult {
  const schoolId = callerSchoolId(ctx);
  const changes = pupilList(PUPIL_UPDATE_FIELDS, ctx.input['pupils']);
  for (const change of changes) updatePupil(ctx.db, findPupil(ctx.db, ctx.user, change.id), change);
  ctx.countWrite();
  logEvent(ctx, schoolId, 'pupils.updated', { ids: changes.map((c) => c.id) });
  const pupils = reload(
    ctx,
    changes.map((c) => c.id),
  );
  return reply(ctx, 'pupils', pupils, { total: pupils.length });
}

function deleteMany(ctx: HandlerContext): HandlerResult {
  const schoolId = callerSchoolId(ctx);
  const ids = parseIds(ctx.input['ids'], 'ids', true);
  const targets = deletePupils(ctx.db, ctx.user, schoolId, ids, ctx.now().toISOString());
  ctx.countWrite();
  logEvent(ctx, schoolId, 'pupils.deleted', { ids: targets, all: ids === '*' });
  return reply(ctx, 'deleted', targets.length, { ids: targets });
}

function exportCsv(ctx: HandlerContext): HandlerResult {
  const schoolId = callerSchoolId(ctx);
  const { csv, count } = pupilsCsv(ctx.db, ctx.user, schoolId, parseIds(ctx.input['pupilIds'], 'pupilIds', true));
  return reply(ctx, 'csv', csv, { count, filename: `pupils-school-${schoolId}.csv` });
}

function suggestUsername(ctx: HandlerContext): HandlerResult {
  const user = requireUser(ctx);
  return reply(ctx, 'username', freeUsername(ctx.db, user.schoolId, usernameFrom(String(ctx.input['name']))));
}

function moveUpStages(ctx: HandlerContext): HandlerResult {
  const schoolId = callerSchoolId(ctx);
  const count = incrementStages(ctx.db, schoolId);
  ctx.countWrite();
  logEvent(ctx, schoolId, 'pupils.stages_incremented', { count });
  return reply(ctx, 'updated', count);
}

function changeSettings(ctx: HandlerContext): HandlerResult {
  const settings = updateSettings(ctx.db, requireUser(ctx).id, ctx.input);
  ctx.countWrite();
  return reply(ctx, 'settings', settings);
}

const pupilCrudHandlers = {
  'GET users/me/school/pupils': (ctx) => {
    const { list, count } = schoolPupilDocs(ctx.db, callerSchoolId(ctx), ctx.input.school_username, pageIfAsked(ctx));
    return reply(ctx, 'pupils', list, { total: count });
  },
  'GET users/me/school/pupils/{id}': (ctx) => {
    const pupil = findPupil(ctx.db, ctx.user, pathId(ctx, 'Pupil'));
    return reply(ctx, 'pupil', withGroups(ctx, [pupil])[0]);
  },
  'PUT users/me/school/pupils/{id}': (ctx) => {
    const pupil = findPupil(ctx.db, ctx.user, pathId(ctx, 'Pupil'));
    updatePupil(ctx.db, pupil, parseFields(PUPIL_FIELDS, ctx.input));
    ctx.countWrite();
    logEvent(ctx, pupil.school_id as number, 'pupils.updated', { ids: [pupil.id] });
    return reply(ctx, 'pupil', reload(ctx, [pupil.id])[0]);
  },
  'PUT users/me/school/pupils': updateMany,
  'POST users/me/school/pupils': (ctx) => createMany(ctx, ctx.input.pupils),
  'DELETE users/me/school/pupils': deleteMany,
  'POST users/me/school/pupils/generate': (ctx) => {
    const { amount } = ctx.input;
    const taken = takenSchoolUsernames(ctx.db, callerSchoolId(ctx));
    const pupils = Array.from({ length: amount }, () => {
      const display = generateDisplayName(random);
      const schoolUsername = uniqueName(usernameFrom(display), taken);
      taken.add(schoolUsername);
      const [first, last] = display.split(' ');
      return { first_name: first, last_name: last, display_name: display, school_username: schoolUsername };
    });
    return createMany(ctx, pupils);
  },
  'GET users/me/school/pupils/csv': exportCsv,
  'GET users/displayname': (ctx) => {
    const { amount } = ctx.input;
    if (amount === undefined) return reply(ctx, 'displayName', generateDisplayName(random));
    return reply(
      ctx,
      'displayNames',
      Array.from({ length: amount }, () => generateDisplayName(random)),
    );
  },
  'GET users/generate': suggestUsername,
  'POST users/me/school/incrementstages': moveUpStages,
  'PATCH users/me/settings': changeSettings,
} satisfies PartialHandlerMap;

export const pupilsHandlers = defineRoutes('pupils', {
  ...pupilCrudHandlers,
  ...pupilHistoryHandlers,
  ...usernameCheckHandlers,
});
