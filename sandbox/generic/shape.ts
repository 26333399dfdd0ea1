/**
 * How the generic store reads a route: which stored collection it addresses, how records there are
 * scoped, and whether it names one record, a collection, or an action on a record.
 */
import type { Endpoint, Reach } from '../../core/endpoints/index.js';
import { compileSegment, fillPath } from '../../core/endpoints/route-pattern.js';

/** Who a collection's records belong to, from the route's prefix. */
export type Scope =
  /** `users/me/school/...`: the caller's school. */
  | { readonly kind: 'school' }
  /** `users/me/...`: the caller. */
  | { readonly kind: 'me' }
  /** `users/{id}/...`: the user named by the parameter. */
  | { readonly kind: 'user'; readonly param: string }
  /** Anything else: shared by everyone who may call the route. */
  | { readonly kind: 'shared' };

export type Shape =
  /** `.../{key}`: one record. */
  | { readonly kind: 'item'; readonly scope: Scope; readonly collection: readonly string[]; readonly key: string }
  /** `.../{key}/verb` written to, with no list or item route under it: an action on the record. */
  | {
      readonly kind: 'action';
      readonly scope: Scope;
      readonly collection: readonly string[];
      readonly key: string;
      readonly action: string;
    }
  /** Anything else: a collection of records. */
  | { readonly kind: 'collection'; readonly scope: Scope; readonly collection: readonly string[] };

/** The name of a segment that is one `{name}` and nothing else (`{id}` -> `id`), else null. */
function bareParam(segment: string | undefined): string | null {
  if (segment === undefined) return null;
  const compiled = compileSegment(segment);
  return compiled.kind === 'param' ? (compiled.params[0] ?? null) : null;
}

function scopeOf(segments: readonly string[]): { scope: Scope; rest: readonly string[] } {
  if (segments[0] === 'users' && segments.length > 2) {
    if (segments[1] === 'me' && segments[2] === 'school' && segments.length > 3)
      return { scope: { kind: 'school' }, rest: segments.slice(3) };
    if (segments[1] === 'me') return { scope: { kind: 'me' }, rest: segments.slice(2) };
    const param = bareParam(segments[1]);
    if (param) return { scope: { kind: 'user', param }, rest: segments.slice(2) };
  }
  return { scope: { kind: 'shared' }, rest: segments };
}

/**
 * The paths of the table that hold a list: those read with GET and those with an item route under them.
 *
 * @example
 * collectionPaths(ENDPOINTS).has('lists/{id}/words'); // true: PUT lists/{id}/words/{wordId} exists
 */
export function collectionPaths(endpoints: readonly Endpoint[]): Set<string> {
  const paths = new Set<string>();
  for (const e of endpoints) {
    if (e.method === 'GET') paths.add(e.path);
    const segments = e.path.split('/');
    if (segments.length > 1 && bareParam(segments.at(-1))) paths.add(segments.slice(0, -1).join('/'));
  }
  return paths;
}

/** What the store reads from the whole table: the paths that hold a list, and how each collection's records are read. */
export interface GenericTable {
  /** `collectionPaths` of the table. */
  readonly collections: ReadonlySet<string>;
  /** A collection's path (`lists`) to the reach of its item read (`GET lists/{id}`): how a record under it must be reached. */
  readonly reads: ReadonlyMap<string, Reach>;
  /** The paths whose records another collection may hang under: the collections, and every path a route writes to (`POST phonics/assessment`). */
  readonly parents: ReadonlySet<string>;
}

/**
 * The generic store's view of the table.
 *
 * @example
 * genericTable(ENDPOINTS).reads.get('lists'); // 'published', from GET lists/{id}
 */
export function genericTable(endpoints: readonly Endpoint[]): GenericTable {
  const reads = new Map<string, Reach>();
  for (const e of endpoints) {
    const segments = e.path.split('/');
    if (e.method === 'GET' && segments.length > 1 && bareParam(segments.at(-1)))
      reads.set(segments.slice(0, -1).join('/'), e.reach);
  }
  const collections = collectionPaths(endpoints);
  return { collections, reads, parents: new Set([...collections, ...endpoints.map((e) => e.path)]) };
}

/** A path parameter that names a user, a group or a school (`users/{id}`, `.../pupils/{pupilId}`, `.../group/{id}`, `schools/{id}`). */
export interface NamedParam {
  readonly param: string;
  readonly kind: 'user' | 'group' | 'school';
}

const NAMED: Readonly<Record<string, NamedParam['kind']>> = {
  users: 'user',
  user: 'user',
  pupils: 'user',
  pupil: 'user',
  teachers: 'user',
  groups: 'group',
  group: 'group',
  schools: 'school',
};

/**
 * The parameters of a path that name a user, a group or a school, by the word before them.
 *
 * @example
 * namedParams('lists/{id}/favourite/pupils/{pupilId}'); // [{ param: 'pupilId', kind: 'user' }]
 */
export function namedParams(path: string): NamedParam[] {
  const segments = path.split('/');
  const named: NamedParam[] = [];
  segments.forEach((segment, i) => {
    const param = bareParam(segment);
    const kind = i > 0 ? NAMED[segments[i - 1] as string] : undefined;
    if (param && kind) named.push({ param, kind });
  });
  return named;
}

/**
 * Classifies one route for the generic store.
 *
 * @example
 * shapeOf(listsDuplicate, collectionPaths(ENDPOINTS));
 * // { kind: 'action', scope: { kind: 'shared' }, collection: ['lists'], key: 'id', action: 'duplicate' }
 */
export function shapeOf(endpoint: Endpoint, collections: ReadonlySet<string>): Shape {
  const { scope, rest } = scopeOf(endpoint.path.split('/'));
  const last = bareParam(rest.at(-1));
  if (last && rest.length >= 2) return { kind: 'item', scope, collection: rest.slice(0, -1), key: last };
  const target = bareParam(rest.at(-2));
  if (target && rest.length >= 3 && endpoint.method !== 'GET' && !collections.has(endpoint.path)) {
    return { kind: 'action', scope, collection: rest.slice(0, -2), key: target, action: rest.at(-1) as string };
  }
  return { kind: 'collection', scope, collection: rest };
}

/** Fills a collection template with the request's parameters: `['lists', '{id}', 'words']` -> `lists/12/words`. */
export function fillCollection(collection: readonly string[], params: Readonly<Record<string, string>>): string {
  return fillPath(collection.join('/'), params, (value) => value);
}

/** The last literal word of a collection (`lists/{id}/words` -> `words`), for default response keys. */
export function collectionNoun(collection: readonly string[]): string {
  const literal = [...collection].reverse().find((s) => !s.includes('{'));
  return literal?.replace(/[^A-Za-z0-9_]/g, '_') ?? 'records';
}

/** A plain English singular, enough for response keys (`lessons` -> `lesson`, `categories` -> `category`). */
export function singular(noun: string): string {
  if (noun.endsWith('ies') && noun.length > 4) return `${noun.slice(0, -3)}y`;
  if (/(?:ss|us|is)$/.test(noun)) return noun;
  if (/(?:ches|shes|xes|sses)$/.test(noun)) return noun.slice(0, -2);
  return noun.endsWith('s') && noun.length > 3 ? noun.slice(0, -1) : noun;
}

/**
 * The template path of a shape's collection as the route writes it (`users/me/lists` for `POST users/me/lists`):
 * the route's path without the item key, or without the key and the action.
 *
 * @example
 * collectionPath(shapeOf(listsWordUpdate, collections), 'lists/{id}/words/{wordId}'); // 'lists/{id}/words'
 */
export function collectionPath(shape: Shape, routePath: string): string {
  const drop = shape.kind === 'item' ? 1 : shape.kind === 'action' ? 2 : 0;
  return routePath
    .split('/')
    .slice(0, routePath.split('/').length - drop)
    .join('/');
}

/**
 * The record a collection hangs under (`lists/{id}/words`: key `id` of collection `lists`), with the
 * template path of that collection, or null for a top-level collection. `path` is the collection's own
 * template path as the route writes it (see `collectionPath`).
 *
 * @example
 * parentOf({ kind: 'collection', scope: { kind: 'shared' }, collection: ['lists', '{id}', 'words'] }, 'lists/{id}/words');
 * // { collection: ['lists'], key: 'id', path: 'lists' }
 */
export function parentOf(
  shape: Pick<Shape, 'collection'>,
  path: string,
): { readonly collection: readonly string[]; readonly key: string; readonly path: string } | null {
  for (let i = shape.collection.length - 1; i >= 1; i -= 1) {
    const key = bareParam(shape.collection[i]);
    if (key === null) continue;
    const tail = shape.collection.slice(i).join('/');
    const prefix = path.slice(0, path.length - tail.length).replace(/\/$/, '');
    return { collection: shape.collection.slice(0, i), key, path: prefix };
  }
  return null;
}
