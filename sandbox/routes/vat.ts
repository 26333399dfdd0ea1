/** The VAT area: number validation and VAT countries per school. */
import { assertReachable, schoolParam } from '../kit/reach.js';
import { notFound, trimmedNames } from '../kit/input.js';
import { validateVat } from '../domain/pricing/vat.js';
import { HttpError, type PartialHandlerMap } from '../kit/handler.js';
import { reply } from '../kit/reply.js';
import { defineRoutes } from './areas.js';
import { one, run } from '../kit/sql.js';
import type { Row } from '../db/rows.js';

const calls = {
  'POST vat/validate': (ctx) => {
    const { vatNumber } = ctx.input;
    const { schoolId } = ctx.input;
    const school = one<Pick<Row<'schools'>, 'id' | 'country'>>(ctx.db, 'SELECT id, country FROM schools WHERE id = ? AND deleted_at IS NULL', schoolId);
    if (!school) throw notFound('School', schoolId);
    assertReachable(ctx, school.id, 'School', school.id, 'billing');
    const result = validateVat(vatNumber, school.country);
    run(ctx.db, 'INSERT INTO vat_checks (school_id, vat_number, country, valid, checked_at) VALUES (?, ?, ?, ?, ?)', school.id, `${result.country ?? ''}${result.number}`, result.country, result.valid ? 1 : 0, ctx.now().toISOString());
    return reply(ctx, 'valid', result.valid, { country: result.country, vatNumber: `${result.country ?? ''}${result.number}`, reason: result.reason });
  },
  'POST schools/{id}/vat-countries': (ctx) => {
    const schoolId = schoolParam(ctx);
    // A code of the wrong length is no row of `countries`, so the unknown-country 422 below covers it.
    const codes = [...new Set(trimmedNames(ctx.input.countries, 'countries').map((c) => c.toUpperCase()))].sort();
    const unknown = codes.filter((c) => one(ctx.db, 'SELECT 1 FROM countries WHERE code = ?', c) === undefined);
    if (unknown.length > 0) throw new HttpError(422, 'Invalid data', `countries: unknown ${unknown.join(', ')}`, { errors: [{ path: 'countries', message: 'unknown country' }] });
    run(ctx.db, 'DELETE FROM school_vat_countries WHERE school_id = ?', schoolId);
    for (const code of codes) run(ctx.db, 'INSERT INTO school_vat_countries (school_id, country_code) VALUES (?, ?)', schoolId, code);
    return reply(ctx, 'vat_countries', codes, { school_id: schoolId });
  },
} satisfies PartialHandlerMap;

export const vatHandlers = defineRoutes('vat', calls);
