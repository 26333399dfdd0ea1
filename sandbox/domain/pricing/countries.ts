/** Countries with their zones (superusers edit them): the VAT rate and currency billing reads. */
import { findRow } from '../../kit/reach.js';
import { all, run, type Db } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';
import { DomainError } from '../errors.js';
import { fieldsOf, shapeValue, type RowShape } from '../../db/fast/shape.js';
import type { Country, Zone } from '../../../core/shapes/types.js';

export type CountryRow = Row<'countries'>;

/**
 * The country with `code` (any case), or 404.
 *
 * @example
 * findCountry(db, 'gb').name; // 'United Kingdom'
 */
export function findCountry(db: Db, code: string): CountryRow {
  return findRow<CountryRow>(db, 'Country', 'SELECT * FROM countries WHERE code = ?', code.toUpperCase());
}

/**
 * The zones of country `code` (every country's when left out), by code.
 *
 * @example
 * countryZones(db, 'US'); // [{ id: 1, country_code: 'US', code: 'AL', name: 'Alabama' }, ...]
 */
export function countryZones(db: Db, code?: string): Zone[] {
  if (code === undefined)
    return all<Zone>(db, 'SELECT id, country_code, code, name FROM country_zones ORDER BY country_code, code');
  return all<Zone>(
    db,
    'SELECT id, country_code, code, name FROM country_zones WHERE country_code = ? ORDER BY code',
    code,
  );
}

const country = fieldsOf<CountryWith>();

/** A country's row with its zones (one country) or their count (the list). */
type CountryWith = CountryRow & { readonly zones?: Zone[]; readonly zone_count?: number };

/** The row, `eu` as a boolean, then the count of its zones or the zones. */
const COUNTRY_SHAPE: RowShape<CountryWith, Country> = {
  code: country.column('code'),
  name: country.column('name'),
  currency: country.column('currency'),
  vat_rate: country.column('vat_rate'),
  eu: country.flag('eu'),
  updated_at: country.column('updated_at'),
  zone_count: country.column('zone_count'),
  zones: country.column('zones'),
};

/**
 * A country as the API answers it: its row, `eu` as a boolean, its zones.
 *
 * @example
 * serializeCountry(db, findCountry(db, 'GB')); // { code: 'GB', ..., eu: false, zones: [] }
 */
export function serializeCountry(db: Db, row: CountryRow): Country {
  return shapeValue(COUNTRY_SHAPE, { ...row, zones: countryZones(db, row.code) });
}

/**
 * Every country by name, with how many zones it has (`eu` as a boolean).
 *
 * @example
 * listCountries(db); // [{ code: 'AU', ..., eu: false, zone_count: 8 }, ...]
 */
export function listCountries(db: Db): Country[] {
  const rows = all<CountryWith>(
    db,
    'SELECT c.*, (SELECT COUNT(*) FROM country_zones z WHERE z.country_code = c.code) AS zone_count FROM countries c ORDER BY c.name',
  );
  return rows.map((row) => shapeValue(COUNTRY_SHAPE, row));
}

/** What a country edit may change (each when given); `zones` replaces the country's zones. */
export interface CountryEdit {
  readonly name?: string;
  readonly currency?: string;
  readonly vat_rate?: number;
  readonly eu?: number | boolean;
  readonly zones?: readonly { readonly code: string; readonly name: string }[];
}

/**
 * Edits a country; zone codes (upper-cased) must not repeat.
 *
 * @example
 * editCountry(db, country, { vat_rate: 20, zones: [{ code: 'ENG', name: 'England' }] }, now);
 */
export function editCountry(db: Db, country: CountryRow, edit: CountryEdit, now: Date): CountryRow {
  run(
    db,
    'UPDATE countries SET name = COALESCE(?, name), currency = COALESCE(?, currency), vat_rate = COALESCE(?, vat_rate), eu = COALESCE(?, eu), updated_at = ? WHERE code = ?',
    edit.name ?? null,
    edit.currency ?? null,
    edit.vat_rate ?? null,
    edit.eu ?? null,
    now.toISOString(),
    country.code,
  );
  if (edit.zones) {
    const codes = edit.zones.map((z) => z.code.toUpperCase());
    if (new Set(codes).size !== codes.length)
      throw new DomainError('invalid', 'zones: zone codes repeat', {
        errors: [{ path: 'zones', message: 'duplicate codes' }],
      });
    run(db, 'DELETE FROM country_zones WHERE country_code = ?', country.code);
    for (const zone of edit.zones)
      run(
        db,
        'INSERT INTO country_zones (country_code, code, name) VALUES (?, ?, ?)',
        country.code,
        zone.code.toUpperCase(),
        zone.name,
      );
  }
  return findCountry(db, country.code);
}
