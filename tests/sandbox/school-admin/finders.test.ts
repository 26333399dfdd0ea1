import { beforeEach, describe, expect, it } from 'vitest';
import { SEED_NOW } from '../../../sandbox/db/seed/index.js';
import { issueToken } from '../../../sandbox/domain/auth/tokens.js';
import { findGroup, findPupil, findReachableSchool, findTeacher } from '../../../sandbox/domain/schools/find.js';
import { DomainError } from '../../../sandbox/domain/errors.js';
import { findRow } from '../../../sandbox/kit/reach.js';
import { findLeague } from '../../../sandbox/domain/leagues/leagues.js';
import type { SessionUser } from '../../../sandbox/kit/handler.js';
import { one, run } from '../../../sandbox/kit/sql.js';
import { lookupSession } from '../../../sandbox/server/session.js';
import { createHarness, type Harness } from './harness.js';

let h: Harness;
beforeEach(() => {
  h = createHarness();
});

/** The session the server would see for `username`: a token issued and looked up as a request does. */
function sessionOf(username: string): SessionUser {
  const user = lookupSession(h.db, issueToken(h.db, h.userId(username), SEED_NOW), SEED_NOW);
  if (!user) throw new Error(`no session for ${username}`);
  return user;
}

/** The id of some row of `table` in school `schoolId` (pupils: `kind = 'pupil'`). */
function idIn(table: 'users' | 'school_groups', schoolId: number): number {
  const sql =
    table === 'users'
      ? "SELECT id FROM users WHERE school_id = ? AND kind = 'pupil' AND deleted_at IS NULL ORDER BY id"
      : 'SELECT id FROM school_groups WHERE school_id = ? ORDER BY id';
  const row = one<{ id: number }>(h.db, sql, schoolId);
  if (!row) throw new Error(`no ${table} row in school ${schoolId}`);
  return row.id;
}

describe('the finders apply the one, district-aware access policy', () => {
  it('a district admin reaches the pupils and groups of their district schools, not of a school outside it', () => {
    const district = sessionOf('district');
    expect(district.schoolId).toBeNull();
    for (const schoolId of [2, 3]) {
      expect(findPupil(h.db, district, idIn('users', schoolId)).school_id).toBe(schoolId);
      expect(findGroup(h.db, district, idIn('school_groups', schoolId)).school_id).toBe(schoolId);
    }
    const outside = idIn('users', 1);
    expect(() => findPupil(h.db, district, outside)).toThrow(`Pupil ${outside} not found`);
    expect(() => findGroup(h.db, district, idIn('school_groups', 1))).toThrow(/Group \d+ not found/);
  });

  it('a teacher reaches their own school only; a superuser every school', () => {
    const teacher = sessionOf('teacher');
    const own = idIn('users', teacher.schoolId ?? -1);
    const other = idIn('users', teacher.schoolId === 2 ? 3 : 2);
    expect(findPupil(h.db, teacher, own).id).toBe(own);
    expect(() => findPupil(h.db, teacher, other)).toThrow(`Pupil ${other} not found`);
    expect(findPupil(h.db, sessionOf('superuser'), other).id).toBe(other);
  });

  it('inSchool asks the row to be of that school as well, even for a superuser', () => {
    const superuser = sessionOf('superuser');
    const pupil = idIn('users', 2);
    expect(findPupil(h.db, superuser, pupil, 2).id).toBe(pupil);
    expect(() => findPupil(h.db, superuser, pupil, 3)).toThrow(`Pupil ${pupil} not found`);
  });

  it('a teacher is found through a school membership as well as their own school', () => {
    const admin = sessionOf('admin');
    const teacherId = h.userId('teacher');
    const otherSchool = admin.schoolId === 2 ? 3 : 2;
    run(h.db, 'UPDATE users SET school_id = ? WHERE id = ?', otherSchool, teacherId);
    run(h.db, 'DELETE FROM school_memberships WHERE user_id = ?', teacherId);
    expect(() => findTeacher(h.db, admin, teacherId)).toThrow(`Teacher ${teacherId} not found`);
    run(
      h.db,
      'INSERT INTO school_memberships (user_id, school_id, admin, created_at) VALUES (?, ?, 0, ?)',
      teacherId,
      admin.schoolId,
      SEED_NOW.toISOString(),
    );
    expect(findTeacher(h.db, admin, teacherId).id).toBe(teacherId);
    expect(findTeacher(h.db, admin, teacherId, admin.schoolId ?? -1).id).toBe(teacherId);
  });

  it('a league with no school is reached by nobody, superusers included', () => {
    const league = one<{ id: number; school_id: number }>(
      h.db,
      "SELECT id, school_id FROM leagues WHERE kind = 'custom' ORDER BY id",
    );
    if (!league) throw new Error('the seed has no custom league');
    const superuser = sessionOf('superuser');
    expect(findLeague(h.db, superuser, league.id, 'custom').id).toBe(league.id);
    run(h.db, 'UPDATE leagues SET school_id = NULL WHERE id = ?', league.id);
    expect(() => findLeague(h.db, superuser, league.id, 'custom')).toThrow(`Custom league ${league.id} not found`);
  });

  it('a school is found as its own school: sales staff reach every school for billing only, teachers their own', () => {
    const sales = sessionOf('sales');
    const teacher = sessionOf('teacher');
    const other = teacher.schoolId === 2 ? 3 : 2;
    expect(findReachableSchool(h.db, sales, other, 'billing').id).toBe(other);
    expect(() => findReachableSchool(h.db, sales, other)).toThrow(`School ${other} not found`);
    expect(findReachableSchool(h.db, teacher, teacher.schoolId ?? -1).id).toBe(teacher.schoolId);
    expect(() => findReachableSchool(h.db, teacher, other, 'billing')).toThrow(`School ${other} not found`);
    expect(() => findReachableSchool(h.db, sessionOf('superuser'), 9999)).toThrow('School 9999 not found');
  });

  it('a finder throws the error it is given where the reply does not name the row by its id', () => {
    const missing = (): DomainError => new DomainError('conflict', 'Nothing is stocked');
    expect(() => findRow(h.db, missing, 'SELECT * FROM store_items WHERE sku = ?', 'no-such-sku')).toThrow(
      expect.objectContaining({ kind: 'conflict', message: 'Nothing is stocked' }),
    );
    expect(() => findRow(h.db, 'Item', 'SELECT * FROM store_items WHERE sku = ?', 'no-such-sku')).toThrow(
      'Item no-such-sku not found',
    );
  });
});
