/** Experimental-feature toggles for everyone in the school, its teachers or pupils, one user, or a group's members. */
import type { HandlerContext, HandlerResult, PartialHandlerMap } from '../../kit/handler.js';
import { callerSchoolId } from '../../kit/reach.js';
import {
  groupMemberIds,
  schoolPupilIds,
  schoolTeacherIds,
  setExperimental,
} from '../../domain/schools/experimental.js';
import { findGroup, findPupil, findTeacher } from '../../domain/schools/find.js';
import { pathId } from '../../kit/input.js';
import { reply } from '../../kit/reply.js';

function setFor(ctx: HandlerContext, schoolId: number, ids: readonly number[], scope: string): HandlerResult {
  const enabled = ctx.input['enabled'] === true;
  setExperimental(ctx, schoolId, ids, scope, enabled);
  ctx.countWrite();
  return reply(ctx, 'enabled', enabled, { updated: ids.length });
}

const pupilIds = (ctx: HandlerContext, schoolId: number): number[] => schoolPupilIds(ctx.db, schoolId);
const teacherIds = (ctx: HandlerContext, schoolId: number): number[] => schoolTeacherIds(ctx.db, schoolId);

function groupMembers(table: 'group_pupils' | 'group_teachers') {
  return (ctx: HandlerContext): HandlerResult => {
    const schoolId = callerSchoolId(ctx);
    const group = findGroup(ctx.db, ctx.user, pathId(ctx, 'Group'), schoolId);
    const ids = groupMemberIds(ctx.db, table, group.id);
    return setFor(ctx, schoolId, ids, `group ${group.id} ${table === 'group_pupils' ? 'pupils' : 'teachers'}`);
  };
}

export const experimentalHandlers = {
  'PUT users/me/school/users/experimental': (ctx) => {
    const schoolId = callerSchoolId(ctx);
    return setFor(ctx, schoolId, [...pupilIds(ctx, schoolId), ...teacherIds(ctx, schoolId)], 'school');
  },
  'PUT users/me/school/teachers/experimental': (ctx) => {
    const schoolId = callerSchoolId(ctx);
    return setFor(ctx, schoolId, teacherIds(ctx, schoolId), 'teachers');
  },
  'PUT users/me/school/pupils/experimental': (ctx) => {
    const schoolId = callerSchoolId(ctx);
    return setFor(ctx, schoolId, pupilIds(ctx, schoolId), 'pupils');
  },
  'PUT users/me/school/teachers/{id}/experimental': (ctx) => {
    const schoolId = callerSchoolId(ctx);
    return setFor(ctx, schoolId, [findTeacher(ctx.db, ctx.user, pathId(ctx, 'Teacher'), schoolId).id], 'teacher');
  },
  'PUT users/me/school/pupils/{id}/experimental': (ctx) => {
    const schoolId = callerSchoolId(ctx);
    return setFor(ctx, schoolId, [findPupil(ctx.db, ctx.user, pathId(ctx, 'Pupil'), schoolId).id], 'pupil');
  },
  'PUT users/me/school/groups/{id}/teachers/experimental': groupMembers('group_teachers'),
  'PUT users/me/school/groups/{id}/pupils/experimental': groupMembers('group_pupils'),
} satisfies PartialHandlerMap;
