/**
 * How the sandbox serves each area of the endpoint table: by real handlers (`real`), by the generic store
 * (`generic`), or by real handlers for some commands and the generic store for the rest (`{ real: [...] }`).
 * The route types below are derived from this and from the area definitions: `RealRoute` is what the
 * specific handler maps must cover together, `GenericRoute` what the generic store fills, so a missing
 * real handler is a compile error and the generic store cannot hide it.
 */
import type { AREAS, Endpoint } from '../../core/endpoints/index.js';
import type { RouteHandler } from '../kit/handler.js';

type Area = (typeof AREAS)[number];

/** The name of an area of the table (`superuser-billing`). */
export type AreaName = Area['area'];

type EntriesOf<N extends AreaName> = Extract<Area, { readonly area: N }>['entries'];
type CommandOf<N extends AreaName> = keyof EntriesOf<N> & string;
type RoutesOf<N extends AreaName, C extends CommandOf<N> = CommandOf<N>> = EntriesOf<N>[C] extends {
  readonly route: infer R;
}
  ? R
  : never;

/** How one area is served. */
export type AreaService<N extends AreaName = AreaName> =
  'real' | 'generic' | { readonly real: readonly CommandOf<N>[] };

export const AREA_SERVICE = {
  site: 'real',
  auth: {
    real: [
      'auth login',
      'auth logout',
      'auth login-school',
      'auth login-anonymous',
      'auth exchange-token',
      'auth verify-password',
      'auth sign-up',
      'me show',
      'me refresh',
      'me update',
      'me password-verified',
      'me relationship',
      'users search',
    ],
  },
  avatar: { real: ['users avatar'] },
  writing: 'generic',
  lists: 'generic',
  'spelling-sessions': 'generic',
  number: 'generic',
  'quiz-sessions': 'generic',
  'curricula-resources': {
    real: [
      'resources list',
      'resources types',
      'resources show',
      'resources by-url-key',
      'resources by-ident',
      'resources nodes',
      'resource-files access-uuid',
      'resource-files presign',
      'curriculum-nodes by-url-path',
      'curriculum-nodes by-tag',
      'external-curricula browse',
      'external-curricula nodes',
    ],
  },
  'tower-game': 'generic',
  lessons: 'generic',
  'question-sets': 'generic',
  notes: 'generic',
  dictionary: 'generic',
  phonics: 'generic',
  'pupil-reports': 'generic',
  grammar: 'generic',
  'learner-other': 'generic',
  'quiz-questions': 'generic',
  school: 'real',
  payments: 'real',
  rostering: 'real',
  pupils: 'real',
  groups: 'real',
  homework: 'real',
  'hives-leagues': 'real',
  'teachers-users': 'real',
  'school-subscriptions': 'real',
  'subscription-catalogue': 'real',
  'superuser-billing': 'real',
  districts: 'real',
  rewards: 'real',
  'deleted-users': 'real',
  'sales-reporting': 'real',
  countries: 'real',
  store: 'real',
  vat: 'real',
  system: 'real',
} as const satisfies { readonly [N in AreaName]: AreaService<N> };

type Declared = typeof AREA_SERVICE;
type Listed<N extends AreaName> = Declared[N] extends { readonly real: readonly (infer C extends CommandOf<N>)[] }
  ? C
  : never;

type RealRoutesOf<N extends AreaName> = Declared[N] extends 'real'
  ? RoutesOf<N>
  : Declared[N] extends 'generic'
    ? never
    : RoutesOf<N, Listed<N>>;
type GenericRoutesOf<N extends AreaName> = Declared[N] extends 'generic'
  ? RoutesOf<N>
  : Declared[N] extends 'real'
    ? never
    : RoutesOf<N, Exclude<CommandOf<N>, Listed<N>>>;

/** Routes that must have a real handler. */
export type RealRoute = { [N in AreaName]: RealRoutesOf<N> }[AreaName];
/** Routes the generic store serves. */
export type GenericRoute = { [N in AreaName]: GenericRoutesOf<N> }[AreaName];

/** What the specific handler maps must cover together. */
export type RealHandlers = { readonly [R in RealRoute]: RouteHandler<R> };
/** What the generic store fills. */
export type GenericHandlers = { readonly [R in GenericRoute]: RouteHandler<R> };

/** Exactly the real routes of one area of the table, each handler typed from its route's entry. */
export type AreaRoutes<N extends AreaName> = { readonly [R in RealRoutesOf<N> & RealRoute]: RouteHandler<R> };

/**
 * One area's routes, checked to answer exactly that area's real routes: a missing one, or one of another
 * area, fails the type check.
 *
 * @example
 * export const vatHandlers = defineRoutes('vat', { 'POST vat/validate': validate, 'POST schools/{id}/vat-countries': vatCountries });
 */
export function defineRoutes<N extends AreaName, M extends AreaRoutes<N>>(
  _area: N,
  map: M & NoInfer<{ readonly [K in Exclude<keyof M, RealRoutesOf<N>>]: never }>,
): AreaRoutes<N> {
  return map;
}

/**
 * The specific maps, checked to cover every real route and nothing the generic store serves (a handler
 * for a generic route would be a change of `AREA_SERVICE` to make on purpose).
 *
 * @example
 * const real = realHandlers({ ...schoolAdminHandlers, ...billingHandlers, ...authHandlers, ...usersMeHandlers });
 */
export function realHandlers<M extends RealHandlers>(
  map: M & { readonly [K in Exclude<keyof M, RealRoute>]: never },
): RealHandlers {
  return map;
}

/**
 * Whether the generic store serves an endpoint of the table.
 *
 * @example
 * servedGenerically(ENDPOINTS.find((e) => e.route === 'GET lists/{id}')!) // true
 */
export function servedGenerically(endpoint: Endpoint): boolean {
  const service = (AREA_SERVICE as Readonly<Record<string, 'real' | 'generic' | { readonly real: readonly string[] }>>)[
    endpoint.area
  ];
  if (service === undefined) throw new Error(`area ${endpoint.area} of ${endpoint.route} is not in AREA_SERVICE`);
  if (typeof service === 'string') return service === 'generic';
  return !service.real.includes(endpoint.command);
}
