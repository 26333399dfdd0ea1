/**
 * The shape of one endpoint entry, and the helpers that turn area files into the table.
 *
 * Entries are plain data (strings and small objects) so that loading all 777 costs almost nothing:
 * `edshed endpoints --json` and `edshed --help` never build a zod schema. Schemas are derived from the
 * field specs on first use (see `schemas.ts`).
 */
import type { Reply } from '../shapes/define.js';
import type { EnumField, FieldSpec, FieldTypes, KeyGroup, ParsedFieldTypes } from './fields.js';

// The field language is a module of its own (fields.ts), re-exported so that the area files and everything else
// that takes the table's types from define.ts keep one place to import them from.
export * from './fields.js';

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
export const ROLES = [
  'public',
  'user',
  'pupil',
  'parent',
  'teacher',
  'admin',
  'district',
  'employee',
  'superuser',
] as const;
export type Role = (typeof ROLES)[number];

/**
 * Whose records a call reaches, once its role let the caller in: the rule for the record its path names
 * last (`lists/{id}`: that list; `lists/{id}/words`: the list the words hang under). Another school's
 * record, or another user's where the rule is `own`, answers 404 exactly like a missing one. Superusers
 * reach every record whatever the word.
 *
 * | word        | a record is reached by                                                                     |
 * |-------------|--------------------------------------------------------------------------------------------|
 * | `own`       | the user who created it                                                                    |
 * | `school`    | its creator, the users of the school it was created in, that school's district administrators |
 * | `published` | as `school`, and anyone signed in once it is published (`published: true`) or when no user owns it (the platform's own content) |
 * | `everyone`  | every caller the role lets in, in any school: the platform's catalogue (the one word that crosses schools) |
 * | `superuser` | superusers only                                                                            |
 *
 * A user named in a path (`users/{id}/...`, `.../pupils/{id}`, `.../user/{id}`) is reached by themselves,
 * their parent, the teachers and admins of their school, its district's administrators and superusers
 * (by anyone under `everyone`, by superusers only under `superuser`); a named group or school by the
 * users of that school (and its district's administrators). `users/me/...` is always the caller's own,
 * `users/me/school/...` always the caller's school's.
 */
export const REACHES = ['own', 'school', 'published', 'everyone', 'superuser'] as const;
export type Reach = (typeof REACHES)[number];

/** An area's default reach: one word for every call, or one for reads (GET) and one for writes (the other methods). */
export type ReachRule = Reach | { readonly read: Reach; readonly write: Reach };

/**
 * The reach a rule gives a call of `method`.
 *
 * @example
 * reachOf({ read: 'published', write: 'own' }, 'PUT') // 'own'
 */
export function reachOf(rule: ReachRule, method: Method): Reach {
  if (typeof rule === 'string') return rule;
  return method === 'GET' ? rule.read : rule.write;
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
  /**
   * Groups of the payload's (optional) keys of which exactly one must be given (`[['username', 'email',
   * 'school_username']]`): the payload schema refuses none or several, so the CLI stops before sending
   * (exit 2), the sandbox answers the same 422, and the OpenAPI document states it. A key given as empty
   * text counts as not given. Each key must be one the payload names (tests/core/endpoints/exactly-one.test.ts).
   */
  readonly exactlyOne?: readonly KeyGroup[];
  /** The key of the response body the spec names (`invoice`, `resources.items`). */
  readonly response?: string;
  /**
   * What the call answers: the body's keys and the shape of each (`{ invoice: INVOICE }`,
   * `{ invoices: [INVOICE], total: 'int' }`), in the reply language of `core/shapes/define.ts`. Every entry
   * states one (tests/core/shapes/every-reply.test.ts). Where the spec names a response key (`response`),
   * the reply holds that key; the spec shows no other reply, so everywhere else the reply is our choice:
   * what the sandbox answers, checked against it by tests/sandbox/reply-conformance.test.ts.
   */
  readonly reply?: Reply;
  /** Deletes, cancels, voids or refunds: the CLI asks for confirmation unless `--yes`. */
  readonly destructive?: boolean;
  /**
   * Repeating the call with the same input has no further effect. Defaults to true for GET, PUT and DELETE
   * and false for POST and PATCH; set it only to say otherwise (a POST that sets a state is idempotent).
   */
  readonly idempotent?: boolean;
  /** The spec's own wording where the route or its meaning was inferred. */
  readonly note?: string;
  /** Whose records it reaches, where it differs from its area's default (`core/endpoints/reach.ts`). */
  readonly reach?: Reach;
}

/** An entry of the assembled table: the spec plus what is derived from its key and area. */
export interface Endpoint extends Omit<EndpointSpec, 'idempotent' | 'destructive' | 'reach'> {
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
  /** Resolved: the entry's own reach, else its area's default for the method. */
  readonly reach: Reach;
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
export function defineArea<const A extends string, const T extends Readonly<Record<CommandName, EndpointSpec>>>(
  area: A,
  entries: T,
): AreaDef<T, A> {
  return { area, entries };
}

/** One area's entries; `A` keeps the area's name as a literal type, so types can pick an area's routes by name. */
export interface AreaDef<
  T extends Readonly<Record<string, EndpointSpec>> = Readonly<Record<string, EndpointSpec>>,
  A extends string = string,
> {
  readonly area: A;
  readonly entries: T;
}

// ---- type-level derivation (client method types come from the same objects) ----

type CamelCase<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<CamelCase<T>>}` : S;
type PathOf<R> = R extends `${Method} ${infer P}` ? P : never;
export type PathParamNames<P extends string> = P extends `${string}{${infer N}}${infer R}`
  ? N | PathParamNames<R>
  : never;

type KindOf<S> = S extends { readonly kind: infer K } ? K : S extends `${infer K}?` ? K : S;
type Nullable<S> = S extends { readonly nullable: true } ? null : never;
/** The TypeScript type of one field spec, with `T` giving each kind's type. */
export type FieldType<S, T = FieldTypes> =
  (S extends EnumField ? S['oneOf'][number] : KindOf<S> extends keyof T ? T[KindOf<S>] : never) | Nullable<S>;
/** The keys of a record of field specs that may be absent (`'int?'`, `{ optional: true }`). */
export type OptionalKeys<P> = {
  [K in keyof P]: P[K] extends `${string}?` | { readonly optional: true } ? K : never;
}[keyof P];
type RequiredKeys<P> = Exclude<keyof P, OptionalKeys<P>>;
type PayloadInput<P, T = FieldTypes> = { [K in RequiredKeys<P>]: FieldType<P[K], T> } & {
  [K in OptionalKeys<P>]?: FieldType<P[K], T>;
};
type Flat<T> = { readonly [K in keyof T]: T[K] };

/** The names of a route's `{name}` path parameters (`'id' | 'accounting'` for `POST superuser/invoices/{id}/{accounting}`). */
export type RouteParamNames<R> = PathParamNames<PathOf<R>>;

/** What a client method takes: path parameters and payload keys in one object. */
export type InputOf<E extends EndpointSpec> = {
  [N in RouteParamNames<E['route']>]: string | number;
} & (E['payload'] extends Readonly<Record<string, FieldSpec>> ? PayloadInput<E['payload']> : unknown) &
  (E['open'] extends true ? { readonly [key: string]: unknown } : unknown);

/**
 * The payload of an entry as the table's schema leaves it (what a sandbox handler receives): the named
 * keys typed by their field specs, any other key `unknown` when the entry is `open`. For the wide
 * `EndpointSpec` (an entry not known at compile time) it is any record.
 */
export type PayloadOf<E extends EndpointSpec> = E extends EndpointSpec
  ? string extends keyof NonNullable<E['payload']>
    ? Readonly<Record<string, unknown>>
    : Flat<
        (E['payload'] extends Readonly<Record<string, FieldSpec>>
          ? PayloadInput<E['payload'], ParsedFieldTypes>
          : unknown) &
          (E['open'] extends true ? { readonly [key: string]: unknown } : unknown)
      >
  : never;

/** A set of payload fields as the table's schema leaves them (for field sets several entries share). */
export type ParsedPayload<P extends Readonly<Record<string, FieldSpec>>> = Flat<PayloadInput<P, ParsedFieldTypes>>;

/** An entry's path parameters by name, as text (the wide `EndpointSpec`: any record). */
export type ParamsOf<E extends EndpointSpec> = E extends EndpointSpec
  ? string extends PathOf<E['route']>
    ? Readonly<Record<string, string>>
    : { readonly [N in RouteParamNames<E['route']>]: string }
  : never;

type NounOf<K> = K extends `${infer N} ${string}` ? N : never;
type VerbOf<K, N extends string> = K extends `${N} ${infer V}` ? V : never;

/** Groups a flat `{ 'noun verb': X }` record into `{ noun: { verb: X } }` with camelCase names. */
export type Grouped<T> = {
  [N in NounOf<keyof T> as CamelCase<N>]: {
    [K in keyof T as K extends `${N} ${string}` ? CamelCase<VerbOf<K, N>> : never]: T[K];
  };
};
