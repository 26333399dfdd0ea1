/** The VAT area: number validation and VAT countries per school. */
import { schoolParam } from '../kit/reach.js';
import { trimmedNames } from '../kit/input.js';
import { checkVat, setVatCountries } from '../domain/pricing/vat-checks.js';
import type { PartialHandlerMap } from '../kit/handler.js';
import { reply } from '../kit/reply.js';
import { defineRoutes } from './areas.js';

const calls = {
  'POST vat/validate': (ctx) => {
    const result = checkVat(ctx, ctx.input.schoolId, ctx.input.vatNumber);
    return reply(ctx, 'valid', result.valid, {
      country: result.country,
      vatNumber: `${result.country ?? ''}${result.number}`,
      reason: result.reason,
    });
  },
  'POST schools/{id}/vat-countries': (ctx) => {
    const schoolId = schoolParam(ctx);
    // A code of the wrong length is no row of `countries`, so setVatCountries's unknown-country refusal covers it.
    const codes = [...new Set(trimmedNames(ctx.input.countries, 'countries').map((c) => c.toUpperCase()))].sort();
    setVatCountries(ctx, schoolId, codes);
    return reply(ctx, 'vat_countries', codes, { school_id: schoolId });
  },
} satisfies PartialHandlerMap;

export const vatHandlers = defineRoutes('vat', calls);
