/**
 * Districts: a district administrator sees their district's schools, links a school by its join code
 * and unlinks one. A school belongs to at most one district.
 */
import type { District } from '../../../core/shapes/types.js';
import type { Row } from '../../db/rows.js';
import type { SessionUser } from '../../kit/handler.js';
import { findRow, superuserMay } from '../../kit/reach.js';
import { all, run, type Db } from '../../kit/sql.js';
import { DomainError, notFound } from '../errors.js';
import { normaliseCode } from './codes.js';
import { findSchool } from './find.js';
import type { SchoolRow } from './rows.js';
import { fieldsOf, shapeValue, type RowShape } from '../../db/fast/shape.js';

export type DistrictRow = Row<'districts'>;

const district = fieldsOf<DistrictRow & Pick<District, 'schools'>>();

/** The district, then its schools and their count. */
const DISTRICT_SHAPE: RowShape<DistrictRow & Pick<District, 'schools'>, District> = {
  id: district.column('id'),
  name: district.column('name'),
  created_at: district.column('created_at'),
  schools: district.column('schools'),
  school_count: { value: (row) => row.schools.length },
};

/**
 * A district as the API answers it, with its schools.
 *
 * @example
 * serializeDistrict(db, row); // { id: 1, name: 'North', created_at: '...', schools: [...], school_count: 3 }
 */
export function serializeDistrict(db: Db, row: DistrictRow): District {
  const schools = all<Pick<Row<'schools'>, 'id' | 'name' | 'country'>>(
    db,
    'SELECT id, name, country FROM schools WHERE district_id = ? AND deleted_at IS NULL ORDER BY name, id',
    row.id,
  );
  return shapeValue(DISTRICT_SHAPE, { ...row, schools });
}

/**
 * The district `user` administers (a superuser names one), or 404.
 *
 * @example
 * const district = callerDistrict(db, user);
 */
export function callerDistrict(db: Db, user: SessionUser, requested?: number): DistrictRow {
  const id = superuserMay(user, 'reach every school') ? (requested ?? user.districtId) : user.districtId;
  if (id === null || id === undefined)
    throw new DomainError('not-found', `User ${user.username} does not administer a district`);
  if (!superuserMay(user, 'reach every school') && requested !== undefined && requested !== id)
    throw notFound('District', requested);
  return findRow<DistrictRow>(db, 'District', 'SELECT * FROM districts WHERE id = ?', id);
}

/**
 * The districts `user` sees: every one for a superuser of no district, else their own.
 *
 * @example
 * visibleDistricts(db, user).map((d) => serializeDistrict(db, d));
 */
export function visibleDistricts(db: Db, user: SessionUser): DistrictRow[] {
  return superuserMay(user, 'reach every school') && user.districtId === null
    ? all<DistrictRow>(db, 'SELECT * FROM districts ORDER BY name, id')
    : [callerDistrict(db, user)];
}

/**
 * Links a school to `district`: by its join code (matching `schoolId` when both are given), or by id for
 * a superuser; refused for a school already in a district.
 *
 * @example
 * linkSchool(db, user, district, { code: 'ABC123' });
 */
export function linkSchool(
  db: Db,
  user: SessionUser,
  district: DistrictRow,
  given: { readonly code?: string; readonly schoolId?: number },
): void {
  let school: SchoolRow | undefined;
  if (given.code !== undefined) {
    const named = given.schoolId ?? null;
    const missing = (): DomainError => new DomainError('not-found', 'No school has this join code');
    school = findRow<SchoolRow>(
      db,
      missing,
      'SELECT * FROM schools WHERE code = ? AND deleted_at IS NULL AND (? IS NULL OR id = ?)',
      normaliseCode(given.code),
      named,
      named,
    );
  } else if (given.schoolId !== undefined && superuserMay(user, 'reach every school')) {
    school = findSchool(db, given.schoolId);
  } else {
    throw new DomainError('invalid', 'code: link a school with its join code (superusers may give schoolId)', {
      errors: [{ path: 'code', message: 'required' }],
    });
  }
  if (school.district_id === district.id)
    throw new DomainError('conflict', `School ${school.id} is already in district ${district.id}`);
  if (school.district_id !== null)
    throw new DomainError(
      'conflict',
      `School ${school.id} belongs to district ${school.district_id}; it must be unlinked there first`,
    );
  run(db, 'UPDATE schools SET district_id = ? WHERE id = ?', district.id, school.id);
}

/**
 * Unlinks school `schoolId` from `district`, which it must be in.
 *
 * @example
 * unlinkSchool(db, district, 4);
 */
export function unlinkSchool(db: Db, district: DistrictRow, schoolId: number): void {
  const school = findSchool(db, schoolId);
  if (school.district_id !== district.id)
    throw new DomainError(
      'conflict',
      `School ${school.id} is not in district ${district.id}; only a linked school can be unlinked`,
    );
  run(db, 'UPDATE schools SET district_id = NULL WHERE id = ?', school.id);
}
