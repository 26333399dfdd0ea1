/** The countries area: countries with their zones (superusers edit them). */
import { z } from 'zod';
import { parseField } from '../kit/input.js';
import { HttpError, type HandlerContext, type PartialHandlerMap } from '../kit/handler.js';
import { reply } from '../kit/reply.js';
import { defineRoutes } from './areas.js';
import { all, run } from '../kit/sql.js';
import type { Row } from '../db/rows.js';
import { findRow } from '../kit/reach.js';

type CountryRow = Row<'countries'>;

const zoneList = z.array(z.object({ code: z.string().trim().min(1).max(10), name: z.string().trim().min(1).max(120) })).optional();

/** The country the path names (`countries/{code}`, any case), or 404. */
function findCountry(ctx: HandlerContext): CountryRow {
  return findRow<CountryRow>(ctx.db, 'Country', 'SELECT * FROM countries WHERE code = ?', (ctx.params.code ?? '').toUpperCase());
}

const zonesOf = (ctx: HandlerContext, code: string): unknown[] => all(ctx.db, 'SELECT id, country_code, code, name FROM country_zones WHERE country_code = ? ORDER BY code', code);
const serializeCountry = (ctx: HandlerContext, row: CountryRow): Record<string, unknown> => ({ ...row, eu: row.eu === 1, zones: zonesOf(ctx, row.code) });

const calls = {
  'GET countries': (ctx) => {
    const rows = all<CountryRow & { zone_count: number }>(ctx.db, 'SELECT c.*, (SELECT COUNT(*) FROM country_zones z WHERE z.country_code = c.code) AS zone_count FROM countries c ORDER BY c.name');
    return reply(ctx, 'countries', rows.map((r) => ({ ...r, eu: r.eu === 1 })), { total: rows.length });
  },
  'GET countries/{code}': (ctx) => reply(ctx, 'country', serializeCountry(ctx, findCountry(ctx))),
  'GET countries/zones': (ctx) => reply(ctx, 'zones', all(ctx.db, 'SELECT id, country_code, code, name FROM country_zones ORDER BY country_code, code')),
  'GET countries/{code}/zones': (ctx) => reply(ctx, 'zones', zonesOf(ctx, findCountry(ctx).code)),
  'PATCH countries/{code}': (ctx) => {
    const country = findCountry(ctx);
    const body = { ...ctx.input, zones: parseField('zones', zoneList, ctx.input.zones) };
    run(ctx.db, 'UPDATE countries SET name = COALESCE(?, name), currency = COALESCE(?, currency), vat_rate = COALESCE(?, vat_rate), eu = COALESCE(?, eu), updated_at = ? WHERE code = ?', body.name ?? null, body.currency ?? null, body.vat_rate ?? null, body.eu ?? null, ctx.now().toISOString(), country.code);
    if (body.zones) {
      const codes = body.zones.map((z) => z.code.toUpperCase());
      if (new Set(codes).size !== codes.length) throw new HttpError(422, 'Invalid data', 'zones: zone codes repeat', { errors: [{ path: 'zones', message: 'duplicate codes' }] });
      run(ctx.db, 'DELETE FROM country_zones WHERE country_code = ?', country.code);
      for (const zone of body.zones) run(ctx.db, 'INSERT INTO country_zones (country_code, code, name) VALUES (?, ?, ?)', country.code, zone.code.toUpperCase(), zone.name);
    }
    return reply(ctx, 'country', serializeCountry(ctx, findCountry(ctx)));
  },
} satisfies PartialHandlerMap;

export const countriesHandlers = defineRoutes('countries', calls);
