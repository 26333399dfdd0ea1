/** Leagues and challenges as their callers see and change them: a caller's leagues, editing and deleting a custom league, new challenges and their notifications. */
import type { DomainContext } from '../context.js';
import { invalidFields } from '../errors.js';
import { findGroup, findPupil } from '../schools/find.js';
import { requireUser } from '../../kit/reach.js';
import type { LeagueRow } from '../schools/rows.js';
import { all, run, type Db } from '../../kit/sql.js';

/** The answer when a league's end is not after its start. */
function endsBeforeStart(what: 'league' | 'challenge'): never {
  throw invalidFields(
    [{ path: 'ends_at', message: 'must be after starts_at' }],
    `ends_at: a ${what} ends after it starts`,
  );
}

/**
 * The leagues the caller takes part in (a pupil: directly or through a group) or of their school.
 *
 * @example
 * callerLeagues(ctx).map((l) => l.name)
 */
export function callerLeagues(ctx: DomainContext): LeagueRow[] {
  const user = requireUser(ctx);
  if (user.kind === 'pupil') {
    return all<LeagueRow>(
      ctx.db,
      `SELECT * FROM leagues l WHERE l.id IN (SELECT league_id FROM league_users WHERE user_id = ?)
         OR l.id IN (SELECT lg.league_id FROM league_groups lg JOIN group_pupils gp ON gp.group_id = lg.group_id WHERE gp.user_id = ?)
       ORDER BY l.ends_at DESC, l.id`,
      user.id,
      user.id,
    );
  }
  if (user.schoolId !== null)
    return all<LeagueRow>(ctx.db, 'SELECT * FROM leagues WHERE school_id = ? ORDER BY ends_at DESC, id', user.schoolId);
  return [];
}

/** What an edit of a custom league may change, and its members when given. */
export interface LeagueChange {
  readonly name?: string | undefined;
  readonly product?: string | undefined;
  readonly starts_at?: string | undefined;
  readonly ends_at?: string | undefined;
  readonly groupIds: readonly number[] | undefined;
  readonly userIds: readonly number[] | undefined;
}

/**
 * Edits a custom league (422 for an end not after the start), replacing its groups and pupils when given.
 *
 * @example
 * updateLeague(ctx, row, { name: 'Spring league', groupIds: undefined, userIds: [4, 9] });
 */
export function updateLeague(ctx: DomainContext, row: LeagueRow, change: LeagueChange): void {
  const startsAt = change.starts_at ?? row.starts_at;
  const endsAt = change.ends_at ?? row.ends_at;
  if (Date.parse(endsAt) <= Date.parse(startsAt)) endsBeforeStart('league');
  run(
    ctx.db,
    'UPDATE leagues SET name = ?, product = ?, starts_at = ?, ends_at = ?, updated_at = ? WHERE id = ?',
    change.name ?? row.name,
    change.product ?? row.product,
    startsAt,
    endsAt,
    ctx.now().toISOString(),
    row.id,
  );
  const schoolId = row.school_id ?? undefined; // never null: findLeague finds only leagues of a school
  if (change.groupIds) {
    const groups = change.groupIds.map((id) => findGroup(ctx.db, ctx.user, id, schoolId));
    run(ctx.db, 'DELETE FROM league_groups WHERE league_id = ?', row.id);
    for (const g of groups) run(ctx.db, 'INSERT INTO league_groups (league_id, group_id) VALUES (?, ?)', row.id, g.id);
  }
  if (change.userIds) {
    const users = change.userIds.map((id) => findPupil(ctx.db, ctx.user, id, schoolId));
    run(ctx.db, 'DELETE FROM league_users WHERE league_id = ?', row.id);
    for (const u of users) run(ctx.db, 'INSERT INTO league_users (league_id, user_id) VALUES (?, ?)', row.id, u.id);
  }
}

/**
 * Deletes a league.
 *
 * @example
 * deleteLeague(db, 5);
 */
export function deleteLeague(db: Db, leagueId: number): void {
  run(db, 'DELETE FROM leagues WHERE id = ?', leagueId);
}

/** A new challenge's fields, as sent (the defaults are the domain's). */
export interface NewChallenge {
  readonly name?: string | undefined;
  readonly product?: string | undefined;
  readonly starts_at?: string | undefined;
  readonly ends_at?: string | undefined;
  readonly groupIds: readonly number[];
  readonly userIds: readonly number[];
}

/**
 * A new challenge of the school between at least two of its groups and pupils (422 otherwise, or for an
 * end not after the start; by default it starts now and lasts a week); returns its id.
 *
 * @example
 * const id = createChallenge(ctx, 1, { groupIds: [4, 5], userIds: [] });
 */
export function createChallenge(ctx: DomainContext, schoolId: number, input: NewChallenge): number {
  const now = ctx.now();
  const name = input.name ?? 'Challenge';
  const product = input.product ?? 'spelling';
  const startsAt = input.starts_at ?? now.toISOString();
  const endsAt = input.ends_at ?? new Date(now.getTime() + 7 * 86_400_000).toISOString();
  if (Date.parse(endsAt) <= Date.parse(startsAt)) endsBeforeStart('challenge');
  const groups = input.groupIds.map((id) => findGroup(ctx.db, ctx.user, id, schoolId));
  const users = input.userIds.map((id) => findPupil(ctx.db, ctx.user, id, schoolId));
  if (groups.length + users.length < 2) {
    throw invalidFields(
      [{ path: 'groups', message: 'at least two participants' }],
      'groups: a challenge needs at least two groups or pupils taking part',
    );
  }
  const at = now.toISOString();
  const id = Number(
    run(
      ctx.db,
      "INSERT INTO leagues (school_id, owner_id, kind, name, product, starts_at, ends_at, data, created_at, updated_at) VALUES (?, ?, 'challenge', ?, ?, ?, ?, '{}', ?, ?)",
      schoolId,
      ctx.user?.id ?? null,
      name,
      product,
      startsAt,
      endsAt,
      at,
      at,
    ).lastInsertRowid,
  );
  for (const g of groups) run(ctx.db, 'INSERT INTO league_groups (league_id, group_id) VALUES (?, ?)', id, g.id);
  for (const u of users) run(ctx.db, 'INSERT INTO league_users (league_id, user_id) VALUES (?, ?)', id, u.id);
  return id;
}

/**
 * The school's challenges, latest ending first.
 *
 * @example
 * schoolChallenges(db, 1).length
 */
export function schoolChallenges(db: Db, schoolId: number): LeagueRow[] {
  return all<LeagueRow>(
    db,
    "SELECT * FROM leagues WHERE kind = 'challenge' AND school_id = ? ORDER BY ends_at DESC, id",
    schoolId,
  );
}

/**
 * A line for each challenge not yet over that the caller takes part in (a pupil) or of their school, of
 * one product if given.
 *
 * @example
 * challengeNotifications(ctx, null)[0]?.message // 'Spring spell-off is on until 2026-10-01'
 */
export function challengeNotifications(ctx: DomainContext, product: string | null): Record<string, unknown>[] {
  const user = requireUser(ctx);
  const now = ctx.now().toISOString();
  const rows =
    user.kind === 'pupil'
      ? all<LeagueRow>(
          ctx.db,
          `SELECT * FROM leagues l WHERE l.kind = 'challenge' AND l.ends_at > ? AND (
             l.id IN (SELECT league_id FROM league_users WHERE user_id = ?) OR
             l.id IN (SELECT lg.league_id FROM league_groups lg JOIN group_pupils gp ON gp.group_id = lg.group_id WHERE gp.user_id = ?))
           ORDER BY l.ends_at`,
          now,
          user.id,
          user.id,
        )
      : all<LeagueRow>(
          ctx.db,
          "SELECT * FROM leagues WHERE kind = 'challenge' AND ends_at > ? AND school_id IS ? ORDER BY ends_at",
          now,
          user.schoolId,
        );
  return rows
    .filter((r) => product === null || r.product === product)
    .map((r) => ({
      challenge_id: r.id,
      name: r.name,
      product: r.product,
      starts_at: r.starts_at,
      ends_at: r.ends_at,
      message:
        r.starts_at > now
          ? `${r.name} starts on ${r.starts_at.slice(0, 10)}`
          : `${r.name} is on until ${r.ends_at.slice(0, 10)}`,
    }));
}
