/**
 * A class's reward feedback kinds and reward teams. Teams of a class do not overlap: adding a pupil to one
 * takes them out of the others.
 */
import type { DomainContext } from '../context.js';
import { DomainError, invalid, invalidFields, notFound } from '../errors.js';
import { findPupil } from '../schools/find.js';
import { groupPupils } from '../groups/groups.js';
import type { SessionUser } from '../../kit/handler.js';
import { findReachable, findRow } from '../../kit/reach.js';
import type { GroupRow } from '../schools/rows.js';
import { all, one, run, type Db } from '../../kit/sql.js';
import type { RewardGroup } from '../../../core/shapes/types.js';
import type { Row } from '../../db/rows.js';
import { fieldsOf, shapeValue, type RowShape } from '../../db/fast/shape.js';

export type FeedbackRow = Row<'reward_feedback'>;
export type TeamRow = Row<'reward_groups'>;

/** A feedback kind's fields as the table checked them. */
export interface FeedbackFields {
  readonly name?: string | undefined;
  readonly points?: number | undefined;
  readonly icon?: string | null | undefined;
}

/** The table gives points a range of -10..10; 0 is no feedback at all. */
function nonZero(fields: FeedbackFields): void {
  if (fields.points === 0) throw invalid('points', 'points cannot be 0');
}

/**
 * A feedback kind of a class `user` reaches, or 404.
 *
 * @example
 * findFeedback(ctx.db, ctx.user, 3).points // 2
 */
export function findFeedback(db: Db, user: SessionUser | null, id: number): FeedbackRow {
  return findReachable<FeedbackRow>(db, user, 'Feedback', 'SELECT * FROM reward_feedback WHERE id = ?', id);
}

/**
 * A reward team of a class `user` reaches, or 404.
 *
 * @example
 * findTeam(ctx.db, ctx.user, 2).name // 'Owls'
 */
export function findTeam(db: Db, user: SessionUser | null, id: number): TeamRow {
  return findReachable<TeamRow>(db, user, 'Reward group', 'SELECT * FROM reward_groups WHERE id = ?', id);
}

/**
 * The class's feedback kinds, most points first.
 *
 * @example
 * classFeedback(db, 4).length
 */
export function classFeedback(db: Db, groupId: number): FeedbackRow[] {
  return all<FeedbackRow>(db, 'SELECT * FROM reward_feedback WHERE group_id = ? ORDER BY points DESC, id', groupId);
}

const feedbackRow = (db: Db, id: number): FeedbackRow =>
  findRow<FeedbackRow>(db, 'Feedback', 'SELECT * FROM reward_feedback WHERE id = ?', id);

/**
 * A new feedback kind of the class (422 for 0 points).
 *
 * @example
 * createFeedback(ctx, group, { name: 'Kindness', points: 2 }).id
 */
export function createFeedback(
  ctx: DomainContext,
  group: GroupRow,
  fields: FeedbackFields & { readonly name: string; readonly points: number },
): FeedbackRow {
  nonZero(fields);
  const now = ctx.now().toISOString();
  const id = Number(
    run(
      ctx.db,
      'INSERT INTO reward_feedback (school_id, group_id, name, points, icon, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      group.school_id,
      group.id,
      fields.name,
      fields.points,
      fields.icon ?? null,
      now,
      now,
    ).lastInsertRowid,
  );
  return feedbackRow(ctx.db, id);
}

/**
 * Writes the sent fields over the feedback kind's (422 for 0 points).
 *
 * @example
 * updateFeedback(ctx, row, { points: 3 }).points // 3
 */
export function updateFeedback(ctx: DomainContext, row: FeedbackRow, fields: FeedbackFields): FeedbackRow {
  nonZero(fields);
  run(
    ctx.db,
    'UPDATE reward_feedback SET name = ?, points = ?, icon = ?, updated_at = ? WHERE id = ?',
    fields.name ?? row.name,
    fields.points ?? row.points,
    fields.icon === undefined ? row.icon : fields.icon,
    ctx.now().toISOString(),
    row.id,
  );
  return feedbackRow(ctx.db, row.id);
}

/**
 * Deletes a feedback kind.
 *
 * @example
 * deleteFeedback(db, 3);
 */
export function deleteFeedback(db: Db, id: number): void {
  run(db, 'DELETE FROM reward_feedback WHERE id = ?', id);
}

const team = fieldsOf<TeamRow & { readonly pupil_ids: number[]; readonly points: number }>();

/** The team, its class as `school_group_id`, its pupils and the points they and the team earned in the class. */
const TEAM_SHAPE: RowShape<TeamRow & { readonly pupil_ids: number[]; readonly points: number }, RewardGroup> = {
  id: team.column('id'),
  school_group_id: team.column('group_id'),
  name: team.column('name'),
  pupil_ids: team.column('pupil_ids'),
  points: team.column('points'),
  created_at: team.column('created_at'),
};

/**
 * A reward team as the API answers it: its pupils and the points logged to it or them in its class.
 *
 * @example
 * serializeTeam(db, team).points // 12
 */
export function serializeTeam(db: Db, row: TeamRow): RewardGroup {
  const pupilIds = all<Pick<Row<'reward_group_pupils'>, 'user_id'>>(
    db,
    'SELECT user_id FROM reward_group_pupils WHERE reward_group_id = ? ORDER BY user_id',
    row.id,
  ).map((r) => r.user_id);
  const points = one<{ n: number | null }>(
    db,
    'SELECT SUM(points) AS n FROM reward_logs WHERE group_id = ? AND (reward_group_id = ? OR user_id IN (SELECT user_id FROM reward_group_pupils WHERE reward_group_id = ?))',
    row.group_id,
    row.id,
    row.id,
  );
  return shapeValue(TEAM_SHAPE, { ...row, pupil_ids: pupilIds, points: points?.n ?? 0 });
}

function assertFreeTeamName(db: Db, groupId: number, name: string, exceptId: number | null): void {
  const clash = one<Pick<Row<'reward_groups'>, 'id'>>(
    db,
    'SELECT id FROM reward_groups WHERE group_id = ? AND lower(name) = lower(?) AND id IS NOT ?',
    groupId,
    name,
    exceptId,
  );
  if (clash) throw new DomainError('conflict', `Reward group ${clash.id} of this class is already named ${name}`);
}

/**
 * The class's reward teams, by name.
 *
 * @example
 * classTeams(db, 4).map((t) => t.name)
 */
export function classTeams(db: Db, groupId: number): TeamRow[] {
  return all<TeamRow>(db, 'SELECT * FROM reward_groups WHERE group_id = ? ORDER BY name, id', groupId);
}

/**
 * A new reward team of the class (422 without a name, 409 for a name another team of the class has).
 *
 * @example
 * createTeam(ctx, group, 'Owls').id
 */
export function createTeam(ctx: DomainContext, group: GroupRow, name: string | undefined): TeamRow {
  if (name === undefined)
    throw invalidFields([{ path: 'groupName', message: 'required' }], 'groupName: a reward group needs a name');
  assertFreeTeamName(ctx.db, group.id, name, null);
  const id = Number(
    run(
      ctx.db,
      'INSERT INTO reward_groups (school_id, group_id, name, created_at) VALUES (?, ?, ?, ?)',
      group.school_id,
      group.id,
      name,
      ctx.now().toISOString(),
    ).lastInsertRowid,
  );
  return findRow<TeamRow>(ctx.db, 'Reward group', 'SELECT * FROM reward_groups WHERE id = ?', id);
}

/**
 * Renames a team (409 for a name another team of the class has).
 *
 * @example
 * renameTeam(db, team, 'Hawks');
 */
export function renameTeam(db: Db, team: TeamRow, name: string): void {
  assertFreeTeamName(db, team.group_id, name, team.id);
  run(db, 'UPDATE reward_groups SET name = ? WHERE id = ?', name, team.id);
}

/**
 * Deletes a team.
 *
 * @example
 * deleteTeam(db, 2);
 */
export function deleteTeam(db: Db, id: number): void {
  run(db, 'DELETE FROM reward_groups WHERE id = ?', id);
}

/**
 * Puts a pupil of the class in the team, taking them out of the class's other teams (409 for a pupil not
 * in the class).
 *
 * @example
 * addToTeam(ctx, team, 12);
 */
export function addToTeam(ctx: DomainContext, team: TeamRow, pupilId: number): void {
  const pupil = findPupil(ctx.db, ctx.user, pupilId, team.school_id);
  if (!groupPupils(ctx.db, team.group_id).some((p) => p.id === pupil.id)) {
    throw new DomainError(
      'conflict',
      `Pupil ${pupil.id} is not in group ${team.group_id}; add them to the class first`,
    );
  }
  run(
    ctx.db,
    'DELETE FROM reward_group_pupils WHERE user_id = ? AND reward_group_id IN (SELECT id FROM reward_groups WHERE group_id = ? AND id <> ?)',
    pupil.id,
    team.group_id,
    team.id,
  );
  run(ctx.db, 'INSERT OR IGNORE INTO reward_group_pupils (reward_group_id, user_id) VALUES (?, ?)', team.id, pupil.id);
}

/**
 * Takes a pupil out of the team (404 when they were not in it).
 *
 * @example
 * removeFromTeam(db, team, 12);
 */
export function removeFromTeam(db: Db, team: TeamRow, pupilId: number): void {
  if (
    run(db, 'DELETE FROM reward_group_pupils WHERE reward_group_id = ? AND user_id = ?', team.id, pupilId).changes === 0
  )
    throw notFound(`Pupil ${pupilId} in reward group`, team.id);
}
