/**
 * Type-level proof that a missing real handler does not compile. Checked by `tsc --noEmit` (the project's
 * type check, first step of `npm test`), not run by vitest: each `@ts-expect-error` fails the type check
 * if the line below it ever compiles.
 */
import { expectTypeOf } from 'vitest';
import type { HandlerMap } from '../../sandbox/kit/handler.js';
import {
  defineRoutes,
  realHandlers,
  type GenericHandlers,
  type GenericRoute,
  type RealHandlers,
  type RealRoute,
} from '../../sandbox/routes/areas.js';
import { genericHandlers, REAL_HANDLERS } from '../../sandbox/routes/index.js';
import { countriesHandlers } from '../../sandbox/routes/countries.js';
import { vatHandlers } from '../../sandbox/routes/vat.js';

// Real and generic routes split the table: none is both, together they are every route. (Each way
// round with `extends`: vitest's toEqualTypeOf on the 778 routes' union took 9 of the type check's 45 s.)
expectTypeOf<Extract<RealRoute, GenericRoute>>().toBeNever();
expectTypeOf<Exclude<keyof HandlerMap, RealRoute | GenericRoute>>().toBeNever();
expectTypeOf<Exclude<RealRoute | GenericRoute, keyof HandlerMap>>().toBeNever();
expectTypeOf<
  | 'POST superuser/invoices/{id}/paid'
  | 'GET users/me/school/pupils'
  | 'POST auth'
  | 'GET users/me'
  | 'GET resources/search'
>().toExtend<RealRoute>();
expectTypeOf<'GET lists/{id}' | 'POST users/forgot' | 'GET quiz/curricula'>().toExtend<GenericRoute>();

// For every real route, the generic store plus all the other real handlers is not a full handler map.
type Completes<R extends RealRoute> = GenericHandlers & Omit<RealHandlers, R> extends HandlerMap ? R : never;
expectTypeOf<{ [R in RealRoute]: Completes<R> }[RealRoute]>().toBeNever();

// The same for an actual handler taken out of the assembled maps.
const { 'POST superuser/invoices/{id}/paid': _markPaid, ...withoutMarkPaid } = REAL_HANDLERS;
// @ts-expect-error the specific maps no longer cover every real route
realHandlers(withoutMarkPaid);
// @ts-expect-error and the generic store does not fill the gap
export const incomplete: HandlerMap = { ...genericHandlers(), ...withoutMarkPaid };

// A specific handler for a route the generic store serves is refused too.
// @ts-expect-error 'GET lists/{id}' is a generic route
realHandlers({ ...REAL_HANDLERS, 'GET lists/{id}': REAL_HANDLERS['GET users/me'] });

// One routes file per area answers exactly that area's real routes.
const vatRoute = REAL_HANDLERS['POST vat/validate'];
// @ts-expect-error 'POST schools/{id}/vat-countries' of the vat area is missing
defineRoutes('vat', { 'POST vat/validate': vatRoute });
// @ts-expect-error 'GET countries' belongs to the countries area
defineRoutes('vat', { ...vatHandlers, 'GET countries': vatRoute });
// @ts-expect-error nor may another area's routes come in by a spread
defineRoutes('vat', { ...vatHandlers, ...countriesHandlers });
export const vatExactly = defineRoutes('vat', vatHandlers);

// A handler is typed from its route's table entry: `ctx.input` has the entry's payload keys with their
// parsed types, `ctx.params` the route's `{name}`s; nothing else compiles.
const answer = { body: null };
defineRoutes('vat', {
  'POST vat/validate': (ctx) => {
    expectTypeOf(ctx.input.vatNumber).toEqualTypeOf<string>();
    expectTypeOf(ctx.input.schoolId).toEqualTypeOf<number>();
    // @ts-expect-error 'vat_number' is not a payload key of `vat-numbers validate` (it is `vatNumber`)
    void ctx.input.vat_number;
    // @ts-expect-error `vatNumber` is text, not a number
    const doubled: number = ctx.input.vatNumber * 2;
    // @ts-expect-error POST vat/validate has no path parameters
    void ctx.params.id;
    return { body: doubled };
  },
  'POST schools/{id}/vat-countries': (ctx) => {
    expectTypeOf(ctx.params.id).toEqualTypeOf<string>();
    // @ts-expect-error the route's parameter is `id`, not `schoolId`
    void ctx.params.schoolId;
    return answer;
  },
});
