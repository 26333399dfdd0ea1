import type { Db } from '../database.js';
import type { SeedContext } from './context.js';

const ADDRESSES: Readonly<
  Record<number, { lines: string[]; town: string; region: string; postcode: string; country: string }>
> = {
  1: {
    lines: ['Oakfield Primary School', '12 Acorn Lane'],
    town: 'Leeds',
    region: 'West Yorkshire',
    postcode: 'LS6 2AB',
    country: 'GB',
  },
  2: {
    lines: ['Maple Elementary School', '4410 Maple Avenue'],
    town: 'Spokane',
    region: 'WA',
    postcode: '99201',
    country: 'US',
  },
  3: {
    lines: ['Wattle Public School', '27 Banksia Street'],
    town: 'Parramatta',
    region: 'NSW',
    postcode: '2150',
    country: 'AU',
  },
};

const REGISTER_TOWNS = [
  'Leeds',
  'York',
  'Bristol',
  'Norwich',
  'Derby',
  'Exeter',
  'Carlisle',
  'Reading',
  'Luton',
  'Hull',
];
const REGISTER_NAMES = [
  "St Mary's C of E Primary School",
  'Park Lane Academy',
  'Hillside Infant School',
  'Greenfield Junior School',
  'Riverside Primary School',
];

const SKILLS: readonly [string, string, number][] = [
  ['SP-CVC', 'Consonant-vowel-consonant words', 1],
  ['SP-DIGRAPH', 'Common digraphs (sh, ch, th)', 1],
  ['SP-SPLIT', 'Split digraphs', 2],
  ['SP-DOUBLE', 'Doubling the consonant before a suffix', 3],
  ['SP-SUFFIX', 'Adding -ing, -ed, -er, -est', 2],
  ['SP-PREFIX', 'Prefixes un-, dis-, mis-', 3],
  ['SP-SILENT', 'Silent letters', 4],
  ['SP-HOMOPHONE', 'Homophones', 4],
  ['SP-TION', 'Endings -tion, -sion, -cian', 4],
  ['SP-OUS', 'Adjectives ending -ous', 5],
  ['SP-CIAL', 'Endings -cial and -tial', 5],
  ['SP-ABLE', 'Endings -able and -ible', 6],
  ['SP-IE', 'i before e except after c', 5],
  ['SP-HYPHEN', 'Hyphens joining a prefix', 6],
  ['SP-PLURAL', 'Plurals -s and -es', 2],
];

/**
 * Seeds addresses of the demo schools, the schools register, diagnostic spelling skills, rostering links,
 * ClassLink tenants and a few school events.
 *
 * @example
 * seedReference(db, ctx);
 */
export function seedReference(db: Db, ctx: SeedContext): void {
  const created = ctx.now.toISOString();
  const address = db.prepare(
    'INSERT INTO addresses (school_id, address_type, address, is_default, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?)',
  );
  for (const [id, value] of Object.entries(ADDRESSES)) {
    if (!db.prepare('SELECT 1 FROM schools WHERE id = ?').get(Number(id))) continue;
    address.run(Number(id), 'billing', JSON.stringify(value), created, created);
    address.run(
      Number(id),
      'delivery',
      JSON.stringify({
        ...value,
        lines: [...value.lines.slice(0, 1), 'Deliveries: school office', ...value.lines.slice(1)],
      }),
      created,
      created,
    );
  }
  const register = db.prepare(
    'INSERT INTO register_schools (urn, name, town, postcode, country, school_id) VALUES (?, ?, ?, ?, ?, ?)',
  );
  register.run(100001, 'Oakfield Primary School', 'Leeds', 'LS6 2AB', 'GB', 1);
  let urn = 100002;
  for (const town of REGISTER_TOWNS) {
    for (const name of REGISTER_NAMES) {
      register.run(
        urn,
        `${name.replace('School', '').trim()} ${town}`.replace(/\s+/g, ' '),
        town,
        `${town.slice(0, 2).toUpperCase()}${ctx.rng.int(1, 20)} ${ctx.rng.int(1, 9)}XY`,
        'GB',
        null,
      );
      urn += 1;
    }
  }
  const skill = db.prepare('INSERT INTO diagnostic_skills (code, name, stage) VALUES (?, ?, ?)');
  for (const [code, name, stage] of SKILLS) skill.run(code, name, stage);
  const link = db.prepare(
    `INSERT INTO rostering_links (school_id, provider, external_id, tenant_id, state, data, requested_at, linked_at, activated_at, synced_at, sync_count)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  if (db.prepare('SELECT 1 FROM schools WHERE id = 3').get()) {
    link.run(
      2,
      'clever',
      'cl-5521',
      null,
      'active',
      JSON.stringify({ last_sync: { pupils: 30, teachers: 4, groups: 3 } }),
      created,
      created,
      created,
      created,
      3,
    );
    link.run(1, 'wonde', null, null, 'requested', '{}', created, null, null, null, 0);
    link.run(3, 'one-roster/generic', 'or-AU-77', 'tenant-au-1', 'linked', '{}', created, created, null, null, 0);
  }
  const tenant = db.prepare('INSERT INTO classlink_tenants (name, tenant_id, data, created_at) VALUES (?, ?, ?, ?)');
  tenant.run(
    'Northside District ClassLink',
    'cl-tenant-1001',
    JSON.stringify({
      orgs: [
        { id: 'org-1', name: 'Maple Elementary School' },
        { id: 'org-2', name: 'Wattle Public School' },
      ],
    }),
    created,
  );
  tenant.run('Lakeside Schools ClassLink', 'cl-tenant-1002', JSON.stringify({ orgs: [] }), created);
  const event = db.prepare(
    'INSERT INTO school_events (school_id, user_id, kind, data, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  event.run(1, 2, 'school.created', JSON.stringify({ name: 'Oakfield Primary School' }), created);
  event.run(1, 2, 'pupils.created', JSON.stringify({ count: 30 }), created);
}
