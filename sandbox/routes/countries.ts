/** The countries area: countries with their zones (superusers edit them; the rules are domain/pricing/countries.ts). */
import { z } from 'zod';
import { parseField } from '../kit/input.js';
import type { HandlerContext, PartialHandlerMap } from '../kit/handler.js';
import { reply } from '../kit/reply.js';
import { defineRoutes } from './areas.js';
import {
  countryZones,
  editCountry,
  findCountry,
  listCountries,
  serializeCountry,
  type CountryRow,
} from '../domain/pricing/countries.js';

const zoneList = z
  .array(z.object({ code: z.string().trim().min(1).max(10), name: z.string().trim().min(1).max(120) }))
  .optional();

/** The country the path names (`countries/{code}`, any case), or 404. */
const countryOf = (ctx: HandlerContext): CountryRow => findCountry(ctx.db, ctx.params.code ?? '');

const calls = {
  'GET countries': (ctx) => {
    const rows = listCountries(ctx.db);
    return reply(ctx, 'countries', rows, { total: rows.length });
  },
  'GET countries/{code}': (ctx) => reply(ctx, 'country', serializeCountry(ctx.db, countryOf(ctx))),
  'GET countries/zones': (ctx) => reply(ctx, 'zones', countryZones(ctx.db)),
  'GET countries/{code}/zones': (ctx) => reply(ctx, 'zones', countryZones(ctx.db, countryOf(ctx).code)),
  'PATCH countries/{code}': (ctx) => {
    const country = countryOf(ctx);
    const body = { ...ctx.input, zones: parseField('zones', zoneList, ctx.input.zones) };
    return reply(ctx, 'country', serializeCountry(ctx.db, editCountry(ctx.db, country, body, ctx.now())));
  },
} satisfies PartialHandlerMap;

export const countriesHandlers = defineRoutes('countries', calls);
