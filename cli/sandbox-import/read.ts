/**
 * What the import reads of production, as a superuser, through GET only: the reference data whole (countries
 * and zones, products, scopes, plans, sales people, districts), and for each chosen school the school, its
 * users, addresses, groups with their pupils and teachers, subscriptions, invoices (and each one's credits,
 * from its shareable page: one request per invoice, the only route that gives them), saved payment methods
 * and cancellations; then each
 * subscription an invoice names that is not among them. Every reply's own keys are checked against those
 * the read expects (an unknown one fails the import); the records' fields are checked when they are made
 * into rows (rows.ts), before anything is written.
 */
import { MAX_TAKE } from '../../core/domain/constants.js';
import { checkEnvelope } from './manifest.js';
import type { Source } from './get-only.js';

type Raw = Readonly<Record<string, unknown>>;

/** Everything read of one school. */
export interface SchoolExtract {
  readonly school: Raw;
  readonly users: readonly Raw[];
  readonly addresses: readonly Raw[];
  readonly groups: readonly Raw[];
  /** Each group's pupils (by group id), as `GET .../groups/{id}/pupils` lists them. */
  readonly groupPupils: ReadonlyMap<number, readonly Raw[]>;
  readonly subscriptions: readonly Raw[];
  readonly invoices: readonly Raw[];
  readonly cancellations: readonly Raw[];
  /** Each invoice as its shareable page shows it (`GET subscriptions/invoices/{shareableId}`): its credits. */
  readonly sharedInvoices: readonly Raw[];
  readonly paymentMethods: readonly Raw[];
  /** Where each record came from, for messages: `GET users?schoolid=3`. */
  readonly where: Readonly<
    Record<
      'school' | 'users' | 'addresses' | 'groups' | 'subscriptions' | 'invoices' | 'cancellations' | 'paymentMethods',
      string
    >
  >;
}

export interface Extract {
  readonly reference: Readonly<
    Record<'countries' | 'zones' | 'products' | 'scopes' | 'plans' | 'salesPeople' | 'districts', readonly Raw[]>
  >;
  readonly schools: readonly SchoolExtract[];
  /** Subscriptions of other schools that the chosen schools' invoices name (a subscription moved away). */
  readonly outsideSubscriptions: readonly Raw[];
}

/** How the reading goes: after each school, and the requests so far. */
export interface ReadProgress {
  school(done: number, of: number, records: number): void;
  /** Before a school's invoices' credits are read, one request each. */
  credits(schoolId: number, invoices: number): void;
}

const list = (reply: Raw, key: string): readonly Raw[] => (Array.isArray(reply[key]) ? (reply[key] as Raw[]) : []);

/** One reply, its keys checked. */
async function read(
  source: Source,
  path: string,
  keys: readonly string[],
  query?: Readonly<Record<string, string | number | boolean>>,
): Promise<Raw> {
  const where = `GET ${path}${query === undefined ? '' : `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`}`;
  return checkEnvelope(await source.get(path, query), keys, where);
}

/** Every page of a list (`skip`/`take` up to its `total`). */
async function readAll(
  source: Source,
  path: string,
  key: string,
  query: Readonly<Record<string, string | number>>,
): Promise<Raw[]> {
  const items: Raw[] = [];
  for (;;) {
    const reply = await read(source, path, [key, 'total'], { ...query, skip: items.length, take: MAX_TAKE });
    const page = list(reply, key);
    items.push(...page);
    const total = typeof reply['total'] === 'number' ? reply['total'] : items.length;
    if (page.length === 0 || items.length >= total) return items;
  }
}

async function readReference(source: Source): Promise<Extract['reference']> {
  const countries = list(await read(source, 'countries', ['countries', 'total']), 'countries');
  const zones = list(await read(source, 'countries/zones', ['zones']), 'zones');
  const products = list(await read(source, 'subscriptions/products', ['products', 'total']), 'products');
  const scopes: Raw[] = [];
  for (const product of products)
    scopes.push(
      ...list(await read(source, `subscriptions/products/${String(product['id'])}/scopes`, ['scopes']), 'scopes'),
    );
  const plans = list(await read(source, 'subscriptions/plans', ['plans', 'total']), 'plans');
  const salesPeople = list(await read(source, 'superuser/salespeople', ['salespeople', 'total']), 'salespeople');
  const districts = list(await read(source, 'districts', ['districts', 'total']), 'districts');
  return { countries, zones, products, scopes, plans, salesPeople, districts };
}

async function readSchool(source: Source, id: number, progress: ReadProgress): Promise<SchoolExtract> {
  const school = (await read(source, `schools/${id}`, ['school']))['school'] as Raw;
  const users = await readAll(source, 'users', 'users', { schoolid: id });
  const addresses = list(
    await read(source, 'users/me/school/addresses', ['addresses', 'total'], { schoolId: id }),
    'addresses',
  );
  const groups: Raw[] = [];
  const groupPupils = new Map<number, readonly Raw[]>();
  for (const listed of list(
    await read(source, 'users/me/school/groups/all', ['groups', 'total'], { schoolId: id }),
    'groups',
  )) {
    const groupId = Number(listed['id']);
    // One group shown names its teachers; the list does not.
    groups.push((await read(source, `users/me/school/groups/${groupId}`, ['group']))['group'] as Raw);
    groupPupils.set(
      groupId,
      list(await read(source, `users/me/school/groups/${groupId}/pupils`, ['pupils', 'total']), 'pupils'),
    );
  }
  const subscriptions = await readAll(source, 'schoolsubscriptions', 'subscriptions', { school_id: id });
  const invoices = await readAll(source, 'subscriptions/invoices', 'invoices', { school_id: id });
  const cancellations = await readAll(source, 'superuser/cancellations', 'cancellations', { school_id: id });
  const paymentMethods = list(await read(source, `schools/${id}/paymentMethods`, ['paymentMethods']), 'paymentMethods');
  progress.credits(id, invoices.length);
  const sharedInvoices: Raw[] = [];
  for (const invoice of invoices)
    sharedInvoices.push(
      (
        await read(source, `subscriptions/invoices/${encodeURIComponent(String(invoice['shareable_id']))}`, ['invoice'])
      )['invoice'] as Raw,
    );
  return {
    school,
    users,
    addresses,
    groups,
    groupPupils,
    subscriptions,
    invoices,
    cancellations,
    sharedInvoices,
    paymentMethods,
    where: {
      school: `GET schools/${id}`,
      users: `GET users?schoolid=${id}`,
      addresses: `GET users/me/school/addresses?schoolId=${id}`,
      groups: `GET users/me/school/groups/{id} (school ${id})`,
      subscriptions: `GET schoolsubscriptions?school_id=${id}`,
      invoices: `GET subscriptions/invoices?school_id=${id}`,
      cancellations: `GET superuser/cancellations?school_id=${id}`,
      paymentMethods: `GET schools/${id}/paymentMethods`,
    },
  };
}

/**
 * Reads the chosen schools and the reference data, one request at a time (the client waits out a 429 as the
 * API's Retry-After says).
 *
 * @example
 * const extract = await readProduction(source, [1, 2], { school: (done, of) => {} });
 */
export async function readProduction(
  source: Source,
  schoolIds: readonly number[],
  progress: ReadProgress,
): Promise<Extract> {
  const reference = await readReference(source);
  const schools: SchoolExtract[] = [];
  for (const id of schoolIds) {
    const extract = await readSchool(source, id, progress);
    schools.push(extract);
    const records =
      1 +
      extract.users.length +
      extract.addresses.length +
      extract.groups.length +
      extract.subscriptions.length +
      extract.invoices.length +
      extract.cancellations.length +
      extract.paymentMethods.length +
      extract.sharedInvoices.reduce(
        (n, shared) => n + (Array.isArray(shared['credits']) ? shared['credits'].length : 0),
        0,
      );
    progress.school(schools.length, schoolIds.length, records);
  }
  const have = new Set(schools.flatMap((s) => s.subscriptions.map((sub) => Number(sub['id']))));
  const named = [
    ...new Set(
      schools.flatMap((s) =>
        s.invoices.map((i) => i['subscription_id']).filter((v): v is number => typeof v === 'number' && !have.has(v)),
      ),
    ),
  ].sort((a, b) => a - b);
  const outsideSubscriptions: Raw[] = [];
  for (const id of named)
    outsideSubscriptions.push(
      (await read(source, `schoolsubscriptions/${id}`, ['subscription']))['subscription'] as Raw,
    );
  return { reference, schools, outsideSubscriptions };
}
