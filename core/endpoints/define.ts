/**
 * The shape of one endpoint entry, and the helpers that turn area files into the table.
 *
 * Entries are plain data (strings and small objects) so that loading all 777 costs almost nothing:
 * `edshed endpoints --json` and `edshed --help` never build a zod schema. Schemas are derived from the
 * field specs on first use (see `schemas.ts`).
 */

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];

/**
 * Who may call an endpoint. The sandbox enforces it and the role-matrix test checks it.
 * - `public`: no token needed.
 * - `user`: any signed-in user (learners playing, users/me calls).
 * - `pupil`, `parent`: that kind of account (superusers pass every check).
 * - `teacher`: a teacher of a school; school admins are teachers too.
 * - `admin`: a school admin (a teacher with the admin flag).
 * - `district`: a district administrator.
 * - `employee`: sales staff (employees) and superusers.
 * - `superuser`: superusers only.
 */
export const ROLES = ['public', 'user', 'pupil', 'parent', 'teacher', 'admin', 'district', 'employee', 'superuser'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The kind of a payload field. A trailing `?` makes the field optional.
 * - `string`, `int`, `number`, `boolean`: the JSON value of that type (query strings are coerced).
 * - `date`: an ISO 8601 date or date-time string naming a real day and time of day (`2026-02-30` is refused).
 * - `id`: a positive integer or a non-empty string id.
 * - `ids`: a list of ids, or a comma-joined string of them (or `*` where the endpoint allows all).
 * - `flag`: 0 or 1.
 * - `take`: a list call's page size, a whole number from 1 to MAX_TAKE (1000); declare paging with
 *   `{ skip: 'skip?', take: 'take?' }` so the range is stated once, here, not per endpoint.
 * - `skip`: how many items a list call passes over, a whole number from 0.
 * - `strings`: a list of strings.
 * - `json`: any JSON value (objects, lists, text).
 */
export const FIELD_KINDS = ['string', 'int', 'number', 'boolean', 'date', 'id', 'ids', 'flag', 'take', 'skip', 'strings', 'json'] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];
/** A field that takes one of a fixed list of values (`{ oneOf: PAYMENT_METHODS }`). */
export interface EnumField {
  readonly oneOf: readonly [string, ...string[]];
  readonly optional?: true;
}

export type FieldSpec = FieldKind | `${FieldKind}?` | EnumField;

export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** The TypeScript type a field kind accepts. */
export interface FieldTypes {
  string: string;
  int: number;
  number: number;
  boolean: boolean;
  date: string;
  id: string | number;
  ids: readonly (string | number)[] | string;
  flag: 0 | 1;
  take: number;
  skip: number;
  strings: readonly string[];
  json: JsonValue;
}

/** One entry of the table, as written in an area file. */
export interface EndpointSpec {
  /** `METHOD path`, the path relative to the API base with `{name}` parameters, exactly as in endpoints.tsv. */
  readonly route: `${Method} ${string}`;
  /** Who may call it. */
  readonly role: Role;
  /** One line, imperative, shown in `--help` and the docs table. */
  readonly summary: string;
  /** The payload keys the spec names: sent as the query string for GET and DELETE, as the JSON body otherwise. */
  readonly payload?: Readonly<Record<string, FieldSpec>>;
  /** The payload may carry keys the spec does not name ("payload not shown", "plus filters"). */
  readonly open?: boolean;
  /** The key of the response body the spec names (`invoice`, `resources.items`). */
  readonly response?: string;
  /** Deletes, cancels, voids or refunds: the CLI asks for confirmation unless `--yes`. */
  readonly destructive?: boolean;
  /**
   * Repeating the call with the same input has no further effect. Defaults to true for GET, PUT and DELETE
   * and false for POST and PATCH; set it only to say otherwise (a POST that sets a state is idempotent).
   */
  readonly idempotent?: boolean;
  /** The spec's own wording where the route or its meaning was inferred. */
  readonly note?: string;
}

/** An entry of the assembled table: the spec plus what is derived from its key and area. */
export interface Endpoint extends Omit<EndpointSpec, 'idempotent' | 'destructive'> {
  /** `noun verb`, kebab-case: the CLI words after `edshed` (`invoices mark-paid`). */
  readonly command: string;
  /** The area of endpoints.tsv (`superuser-billing`). */
  readonly area: string;
  readonly method: Method;
  readonly path: string;
  /** Path parameter names in path order: the CLI's positional arguments. */
  readonly params: readonly string[];
  /** The client namespace and method name (`invoices`, `markPaid`). */
  readonly noun: string;
  readonly verb: string;
  /** Resolved: the spec's flag, else the method's default. */
  readonly idempotent: boolean;
  readonly destructive: boolean;
}

/** Command names: `noun verb`, each word kebab-case. */
export type CommandName = `${string} ${string}`;

/**
 * Declares the endpoints of one area. The key of each entry is its command (`invoices mark-paid`).
 *
 * @example
 * export const invoiceEndpoints = defineArea('superuser-billing', {
 *   'invoices mark-paid': {
 *     route: 'POST superuser/invoices/{id}/paid',
 *     role: 'superuser',
 *     summary: 'Mark an invoice paid with a payment method and date',
 *     payload: { method: 'string', date: 'date' },
 *     idempotent: true,
 *   },
 * });
 */
export function defineArea<const A extends string, const T extends Readonly<Record<CommandName, EndpointSpec>>>(area: A, entries: T): AreaDef<T, A> {
  return { area, entries };
}

/** One area's entries; `A` keeps the area's name as a literal type, so types can pick an area's routes by name. */
export interface AreaDef<T extends Readonly<Record<string, EndpointSpec>> = Readonly<Record<string, EndpointSpec>>, A extends string = string> {
  readonly area: A;
  readonly entries: T;
}

// ---- type-level derivation (client method types come from the same objects) ----

type CamelCase<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<CamelCase<T>>}` : S;
type PathOf<R> = R extends `${Method} ${infer P}` ? P : never;
export type PathParamNames<P extends string> = P extends `${string}{${infer N}}${infer R}` ? N | PathParamNames<R> : never;

type KindOf<S> = S extends `${infer K}?` ? K : S;
type FieldType<S> = S extends EnumField ? S['oneOf'][number] : KindOf<S> extends keyof FieldTypes ? FieldTypes[KindOf<S>] : never;
type OptionalKeys<P> = { [K in keyof P]: P[K] extends `${string}?` | { readonly optional: true } ? K : never }[keyof P];
type RequiredKeys<P> = Exclude<keyof P, OptionalKeys<P>>;
type PayloadInput<P> = { [K in RequiredKeys<P>]: FieldType<P[K]> } & { [K in OptionalKeys<P>]?: FieldType<P[K]> };

/** What a client method takes: path parameters and payload keys in one object. */
export type InputOf<E extends EndpointSpec> = { [N in PathParamNames<PathOf<E['route']>>]: string | number } &
  (E['payload'] extends Readonly<Record<string, FieldSpec>> ? PayloadInput<E['payload']> : unknown) &
  (E['open'] extends true ? { readonly [key: string]: unknown } : unknown);

type NounOf<K> = K extends `${infer N} ${string}` ? N : never;
type VerbOf<K, N extends string> = K extends `${N} ${infer V}` ? V : never;

/** Groups a flat `{ 'noun verb': X }` record into `{ noun: { verb: X } }` with camelCase names. */
export type Grouped<T> = {
  [N in NounOf<keyof T> as CamelCase<N>]: {
    [K in keyof T as K extends `${N} ${string}` ? CamelCase<VerbOf<K, N>> : never]: T[K];
  };
};
