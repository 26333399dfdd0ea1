import type { Db } from '../../kit/sql.js';
import { DomainError } from '../errors.js';
import { hashBulkPassword } from './bulk-password.js';
import { generateDisplayName, generatePassword, uniqueName, usernameFrom, type Random } from './names.js';
import type { NewPupil, PupilChanges } from './pupil-fields.js';
import type { UserRow } from '../schools/rows.js';
import { all, one, run } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';

/**
 * School usernames in use in a school, deleted pupils included (they can be recovered).
 *
 * @example
 * takenSchoolUsernames(db, 1).has('pupil') // true
 */
export function takenSchoolUsernames(db: Db, schoolId: number): Set<string> {
  return new Set(
    all<{ name: string }>(
      db,
      'SELECT school_username AS name FROM users WHERE school_id = ? AND school_username IS NOT NULL',
      schoolId,
    ).map((r) => r.name),
  );
}

/** A free global username for a pupil: `s<school>.<school username>`, numbered on a clash. */
function globalUsername(db: Db, schoolId: number, schoolUsername: string): string {
  const base = `s${schoolId}.${schoolUsername}`;
  let candidate = base;
  for (let n = 2; one(db, 'SELECT id FROM users WHERE username = ?', candidate); n += 1) candidate = `${base}-${n}`;
  return candidate;
}

function usernameClash(db: Db, schoolId: number, schoolUsername: string, exceptId: number | null): DomainError | null {
  const holder = one<Pick<Row<'users'>, 'id' | 'deleted_at'>>(
    db,
    'SELECT id, deleted_at FROM users WHERE school_id = ? AND school_username = ?',
    schoolId,
    schoolUsername,
  );
  if (!holder || holder.id === exceptId) return null;
  const state = holder.deleted_at ? `deleted pupil ${holder.id} (recover or purge them first)` : `pupil ${holder.id}`;
  return new DomainError('conflict', `School username ${schoolUsername} is already used by ${state}`);
}

/** A created pupil and the password they were given (shown once, stored hashed). */
export interface CreatedPupil {
  readonly id: number;
  readonly password: string;
}

/**
 * Creates pupils in a school. Missing school usernames come from the name, missing display names and
 * passwords are generated; a school username already used in the school is a 409.
 *
 * @example
 * createPupils(db, 1, [{ first_name: 'Amy', last_name: 'Smith' }], { now, random: Math.random });
 */
export function createPupils(
  db: Db,
  schoolId: number,
  pupils: readonly NewPupil[],
  options: { now: string; random: Random },
): CreatedPupil[] {
  const taken = takenSchoolUsernames(db, schoolId);
  const created: CreatedPupil[] = [];
  for (const pupil of pupils) {
    let schoolUsername = pupil.school_username;
    if (schoolUsername === undefined) {
      schoolUsername = uniqueName(usernameFrom(`${pupil.first_name}${(pupil.last_name ?? '').slice(0, 1)}`), taken);
    } else {
      const clash = taken.has(schoolUsername) ? usernameClash(db, schoolId, schoolUsername, null) : null;
      if (clash) throw clash;
    }
    taken.add(schoolUsername);
    const password = pupil.password ?? generatePassword(options.random);
    const { lastInsertRowid } = run(
      db,
      `INSERT INTO users (username, first_name, last_name, display_name, password_hash, kind, school_id, school_username,
         stage_spelling, stage_number, permissions, created_at)
       VALUES (?, ?, ?, ?, ?, 'pupil', ?, ?, ?, ?, ?, ?)`,
      globalUsername(db, schoolId, schoolUsername),
      pupil.first_name,
      pupil.last_name ?? '',
      pupil.display_name ?? generateDisplayName(options.random),
      hashBulkPassword(password),
      schoolId,
      schoolUsername,
      pupil.stage_spelling ?? 1,
      pupil.stage_number ?? 1,
      JSON.stringify(pupil.permissions ?? []),
      options.now,
    );
    created.push({ id: Number(lastInsertRowid), password });
  }
  return created;
}

/**
 * Applies changes to one pupil; a school username another pupil of the school holds is a 409.
 *
 * @example
 * updatePupil(db, pupil, { stage_spelling: 3 });
 */
export function updatePupil(db: Db, pupil: UserRow, changes: PupilChanges): void {
  const schoolId = pupil.school_id as number;
  if (changes.school_username !== undefined && changes.school_username !== pupil.school_username) {
    const clash = usernameClash(db, schoolId, changes.school_username, pupil.id);
    if (clash) throw clash;
  }
  run(
    db,
    `UPDATE users SET first_name = ?, last_name = ?, display_name = ?, school_username = ?, stage_spelling = ?, stage_number = ?,
       permissions = ?, password_hash = COALESCE(?, password_hash) WHERE id = ?`,
    changes.first_name ?? pupil.first_name,
    changes.last_name ?? pupil.last_name,
    changes.display_name ?? pupil.display_name,
    changes.school_username ?? pupil.school_username,
    changes.stage_spelling === undefined ? pupil.stage_spelling : changes.stage_spelling,
    changes.stage_number === undefined ? pupil.stage_number : changes.stage_number,
    changes.permissions === undefined ? pupil.permissions : JSON.stringify(changes.permissions),
    changes.password === undefined ? null : hashBulkPassword(changes.password),
    pupil.id,
  );
}
