/**
 * A request for every entry of the table against the demo seed: who sends it (the seeded account its role
 * needs), its path (parameters filled with ids the seed has) and its payload (each declared field given a
 * value of its kind, unless the entry's case says otherwise).
 */
import { fieldInfo, type Endpoint, type FieldSpec, type Role } from '../../../core/endpoints/index.js';
import type { Db } from '../../../sandbox/db/database.js';
import { samplePath } from '../helpers/sample-path.js';
import { knownName } from '../../../sandbox/domain/path-names.js';

/** A seeded account (password `sandbox`), or `none` for a call without a token. */
export type Caller = 'superuser' | 'admin' | 'teacher' | 'pupil' | 'parent' | 'district' | 'sales' | 'none';

/** What a case may say beside the defaults: parameters by name, payload keys, the caller. */
export interface Case {
  readonly params?: Readonly<Record<string, string>>;
  readonly body?: Readonly<Record<string, unknown>>;
  readonly as?: Caller;
  /** Puts a seeded record in the state the entry needs first (a deleted user, a void invoice...). */
  readonly setup?: (db: Db) => void;
  /** Send it after the area's other writes (it needs what one of them makes). */
  readonly late?: true;
  /** Why the entry cannot be answered with real data on the demo seed (it is counted as not reached). */
  readonly skip?: string;
}

export interface Request {
  readonly caller: Caller;
  readonly method: string;
  readonly path: string;
  /** The path's parameters by name. */
  readonly params: Readonly<Record<string, string>>;
  /** The payload: the query string of GET and DELETE, the JSON body otherwise. */
  readonly payload: Readonly<Record<string, unknown>>;
}

/** The seeded account each role's calls are sent as. */
export const CALLER_OF_ROLE: Readonly<Record<Role, Caller>> = {
  public: 'none',
  user: 'teacher',
  pupil: 'pupil',
  parent: 'parent',
  teacher: 'admin',
  admin: 'admin',
  district: 'district',
  employee: 'sales',
  superuser: 'superuser',
};

/** Parameter values by name where `1` is not a value the seed has. */
const PARAMS: Readonly<Record<string, string>> = {
  card_provider: 'stripe',
  school_system: 'wonde',
  accounting: 'xero',
  string: 'sample',
  sessionId: '1',
  name: 'sample',
  code: 'GB',
  area: 'spelling',
  token: 'sample',
  scheme: 'sample',
  key: 'sample',
  ident: 'LR0001',
  listIdent: 'ST1-W1',
  sku: 'BEE-PLUSH',
  type: 'sample',
  provider: 'wonde',
  shareableId: 'sample',
};

/** Ids the seed has, by the path segment before the parameter (`pupils/{id}`: a pupil of school 1). */
const IDS_AFTER: Readonly<Record<string, string>> = {
  pupils: '16',
  pupil: '16',
  teachers: '9',
  users: '16',
  user: '16',
  groups: '2',
  group: '2',
  homework: '3',
  custom: '1',
  invoices: '4',
  subscriptions: '1',
  schoolsubscriptions: '1',
  purchases: '2',
};

function paramOf(endpoint: Endpoint, name: string, index: number): string {
  const known = knownName(endpoint.path, name) ?? PARAMS[name];
  if (known !== undefined) return known;
  const segments = endpoint.path.split('/');
  const at = segments.findIndex((s) => s.includes(`{${name}}`));
  void index;
  return IDS_AFTER[segments[at - 1] ?? ''] ?? '1';
}

function valueOf(spec: FieldSpec): unknown {
  const field = fieldInfo(spec);
  if (field.oneOf) return field.oneOf[0];
  if (field.example !== undefined) return field.example;
  const min = field.min ?? 1;
  switch (field.kind) {
    case 'string':
    case 'text':
      return 'sample'.padEnd(min, 's').slice(0, field.max ?? 1000);
    case 'int':
    case 'number':
      return Math.min(Math.max(1, min), field.max ?? Infinity);
    case 'boolean':
      return true;
    case 'date':
    case 'day':
      return '2026-11-02';
    case 'id':
    case 'serial':
      return 1;
    case 'ids':
      return [1];
    case 'flag':
      return 1;
    case 'take':
      return 10;
    case 'skip':
      return 0;
    case 'strings':
      return Array.from({ length: Math.max(1, field.min ?? 1) }, () => 'sample');
    case 'json':
    case 'object':
      return {};
  }
}

/**
 * The payload an entry is sent: a value for each required field, then the case's keys over them.
 *
 * @example
 * payloadOf(invoicesMarkPaid, { body: { method: 'bacs' } }) // { method: 'bacs', date: '2026-11-02' }
 */
export function payloadOf(endpoint: Endpoint, c: Case = {}): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(endpoint.payload ?? {})) {
    if (!fieldInfo(spec).optional) payload[key] = valueOf(spec);
  }
  return { ...payload, ...c.body };
}

/**
 * The request an entry is checked with.
 *
 * @example
 * requestOf(invoicesMarkPaid, { params: { id: '4' } }) // { caller: 'superuser', method: 'POST', path: 'superuser/invoices/4/paid', ... }
 */
export function requestOf(endpoint: Endpoint, c: Case = {}): Request {
  const params: Record<string, string> = {};
  const path = samplePath(
    endpoint,
    (name, index) => (params[name] = c.params?.[name] ?? paramOf(endpoint, name, index)),
  );
  return {
    caller: c.as ?? CALLER_OF_ROLE[endpoint.role],
    method: endpoint.method,
    path,
    params,
    payload: payloadOf(endpoint, c),
  };
}
