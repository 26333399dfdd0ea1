/** Checking a school's VAT number (each check recorded) and the countries a school is VAT-registered in. */
import { findReachable } from '../../kit/reach.js';
import { one, run } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';
import type { DomainContext } from '../context.js';
import { DomainError } from '../errors.js';
import { validateVat, type VatResult } from './vat.js';

/**
 * Validates `vatNumber` for school `schoolId` (whose billing the caller reaches; its country is the
 * default prefix) and records the check.
 *
 * @example
 * checkVat(ctx, 1, 'GB123456789'); // { valid: true, country: 'GB', number: '123456789', ... }
 */
export function checkVat(ctx: DomainContext, schoolId: number, vatNumber: string): VatResult {
  const school = findReachable<Pick<Row<'schools'>, 'id' | 'country'>>(
    ctx.db,
    ctx.user,
    'School',
    'SELECT id, country FROM schools WHERE id = ? AND deleted_at IS NULL',
    schoolId,
    {
      purpose: 'billing',
      schoolOf: (row) => row.id,
    },
  );
  const result = validateVat(vatNumber, school.country);
  run(
    ctx.db,
    'INSERT INTO vat_checks (school_id, vat_number, country, valid, checked_at) VALUES (?, ?, ?, ?, ?)',
    school.id,
    `${result.country ?? ''}${result.number}`,
    result.country,
    result.valid ? 1 : 0,
    ctx.now().toISOString(),
  );
  return result;
}

/**
 * Sets the countries school `schoolId` is VAT-registered in (codes upper-cased, each a known country).
 *
 * @example
 * setVatCountries(ctx, 1, ['GB', 'IE']);
 */
export function setVatCountries(ctx: Pick<DomainContext, 'db'>, schoolId: number, codes: readonly string[]): void {
  const unknown = codes.filter((c) => one(ctx.db, 'SELECT 1 FROM countries WHERE code = ?', c) === undefined);
  if (unknown.length > 0)
    throw new DomainError('invalid', `countries: unknown ${unknown.join(', ')}`, {
      errors: [{ path: 'countries', message: 'unknown country' }],
    });
  run(ctx.db, 'DELETE FROM school_vat_countries WHERE school_id = ?', schoolId);
  for (const code of codes)
    run(ctx.db, 'INSERT INTO school_vat_countries (school_id, country_code) VALUES (?, ?)', schoolId, code);
}
