/** Synthetic books for benchmarks: schools named as English schools are, in trusts, with open and paid invoices. */
import type { Book, BookInvoice } from './book.js';
import { addDays } from './day-number.js';
import { createRng as seededRng } from '../random.js';

const FIRST = [
  'St Mary',
  'St John',
  'St Peter',
  'Holy Trinity',
  'Oakfield',
  'Riverside',
  'Hillcrest',
  'Brookfield',
  'Elmwood',
  'Kingsway',
  'Meadowbank',
  'Ashgrove',
  'Fairview',
  'Stonebridge',
  'Willowdale',
  'Harbour',
  'Greenfield',
  'Beechwood',
  'Castle Hill',
  'Moorside',
  'Abbey',
  'Westfield',
  'Northgate',
  'Southview',
  'Bramley',
  'Thornton',
  'Highfield',
  'Lakeside',
  'Redwood',
  'Foxhill',
];
const TRUST_FIRST = [
  'Anchor',
  'Pennine',
  'Compass',
  'Horizon',
  'Keystone',
  'Summit',
  'Unity',
  'Beacon',
  'Evolve',
  'Lighthouse',
  'Cornerstone',
  'Heritage',
  'Pathfinder',
  'Endeavour',
  'Aspire',
  'Tarka',
  'Wolds',
  'Solent',
  'Chiltern',
  'Mendip',
  'Cotswold',
  'Fenland',
  'Dales',
  'Peak',
  'Weald',
  'Severn',
  'Tamar',
  'Trent',
  'Medway',
  'Eden',
];
const TRUST_KINDS = [
  'Academy Trust',
  'Learning Partnership',
  'Learning Trust',
  'Schools Partnership',
  'Multi Academy Trust',
  'Education Trust',
];
const MIDDLE = [
  '',
  '',
  "'s C of E",
  "'s Catholic",
  ' Community',
  ' Church of England',
  ' Park',
  ' Village',
  ' Valley',
  ' Green',
];
const KINDS = [
  'Primary School',
  'Primary Academy',
  'Junior School',
  'Infant School',
  'Academy',
  'High School',
  'Elementary School',
  'Primary',
];
const PRICES = [30_000, 45_000, 60_000, 72_000, 84_000, 95_000, 120_000, 150_000, 180_000, 240_000];

/**
 * A book of `invoices` open invoices (and as many paid) over `schools` schools in districts, for
 * benchmarks: names built as English schools are named, so many share words ("St Mary's ... Primary").
 *
 * @example
 * const book = syntheticBook({ seed: 1, schools: 2000, invoices: 20000 });
 */
export function syntheticBook(o: { readonly seed: number; readonly schools: number; readonly invoices: number }): Book {
  const rng = seededRng(o.seed);
  // Trusts have names of their own ("Pennine Learning Partnership"); one in eight shares its first word
  // with schools ("Hillcrest Academy Trust"), as some do, so a text naming it may fit a school as well.
  const trusts = new Set<string>();
  const districts = Array.from({ length: Math.max(1, Math.floor(o.schools / 25)) }, (_, k) => {
    let name = '';
    for (let tries = 0; tries < 20 && (name === '' || trusts.has(name)); tries += 1)
      name = `${rng.chance(0.125) ? rng.pick(FIRST).replace(/^St /, '') : rng.pick(TRUST_FIRST)} ${rng.pick(TRUST_KINDS)}`;
    if (trusts.has(name)) name = `${name} ${k + 1}`;
    trusts.add(name);
    return { id: k + 1, name };
  });
  const names = new Set<string>();
  const schools = Array.from({ length: o.schools }, (_, k) => {
    let name = '';
    for (let tries = 0; tries < 5 && (name === '' || names.has(name)); tries += 1)
      name = `${rng.pick(FIRST)}${rng.pick(MIDDLE)} ${rng.pick(KINDS)}`;
    if (names.has(name)) name = `${name.replace(/ (\w+)$/, '')} ${k + 1} ${name.split(' ').at(-1) ?? ''}`;
    names.add(name);
    return { id: k + 1, name, district_id: rng.chance(0.4) ? rng.int(1, districts.length) : null };
  });
  const subscriptions = schools.map((s) => ({
    id: s.id,
    school_id: s.id,
    po_number: rng.chance(0.5) ? `PO-${String(rng.int(10_000, 99_999))}-${s.id}` : null,
  }));
  const invoices: BookInvoice[] = [];
  for (let k = 0; k < o.invoices * 2; k += 1) {
    const school = rng.int(1, o.schools);
    const id = k + 1;
    const open = k % 2 === 0;
    const issued = addDays('2026-06-01', rng.int(0, 120));
    const state = open ? (rng.chance(0.15) ? 'promised' : 'open') : 'paid';
    invoices.push({
      id,
      number: `INV-${String(id).padStart(6, '0')}`,
      school_id: school,
      subscription_id: school,
      state,
      currency: rng.chance(0.92) ? 'gbp' : rng.pick(['eur', 'usd'] as const),
      total: rng.pick(PRICES) + (rng.chance(0.5) ? 0 : rng.int(1, 40) * 500),
      issued_at: issued,
      due_at: addDays(issued, 30),
      paid_date: open ? null : addDays(issued, rng.int(3, 40)),
      paid_method: open ? null : 'bacs',
      promised_reference: state === 'promised' ? `PO-${school}-${id}` : null,
    });
  }
  return { invoices, schools, districts, subscriptions };
}
