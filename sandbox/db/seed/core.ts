import type { Statement } from 'better-sqlite3';
import type { Db } from '../database.js';
import type { SeedContext } from './context.js';

interface SchoolSeed {
  readonly name: string;
  readonly code: string;
  readonly country: string;
  readonly region: string;
  readonly locale: string;
  readonly accountRegion: 'GB' | 'US';
  readonly districtId: number | null;
}

const DEMO_SCHOOLS: readonly SchoolSeed[] = [
  {
    name: 'Oakfield Primary School',
    code: 'OAKFIELD',
    country: 'GB',
    region: 'GB-ENG',
    locale: 'en_GB',
    accountRegion: 'GB',
    districtId: null,
  },
  {
    name: 'Maple Elementary School',
    code: 'MAPLE',
    country: 'US',
    region: 'US-WA',
    locale: 'en_US',
    accountRegion: 'US',
    districtId: 1,
  },
  {
    name: 'Wattle Public School',
    code: 'WATTLE',
    country: 'AU',
    region: 'AU-NSW',
    locale: 'en_AU',
    accountRegion: 'GB',
    districtId: 1,
  },
];

const TEACHER_PERMISSIONS = JSON.stringify(['spelling', 'litshed', 'number', 'phonics']);

interface UserSeed {
  readonly username: string;
  readonly kind: 'pupil' | 'teacher' | 'parent' | 'district' | 'staff';
  readonly first: string;
  readonly last: string;
  readonly email: string | null;
  readonly superuser?: boolean;
  readonly employee?: boolean;
  readonly schoolId?: number;
  readonly admin?: boolean;
  readonly schoolUsername?: string;
  readonly districtId?: number;
}

/** Ids 1-7 in this order: the accounts of SEED_ACCOUNTS. */
const DEMO_USERS: readonly UserSeed[] = [
  {
    username: 'superuser',
    kind: 'staff',
    first: 'Sam',
    last: 'Super',
    email: 'superuser@sandbox.edshed.test',
    superuser: true,
  },
  {
    username: 'admin',
    kind: 'teacher',
    first: 'Alex',
    last: 'Admin',
    email: 'admin@oakfield.sandbox.test',
    schoolId: 1,
    admin: true,
  },
  {
    username: 'teacher',
    kind: 'teacher',
    first: 'Taylor',
    last: 'Teacher',
    email: 'teacher@oakfield.sandbox.test',
    schoolId: 1,
  },
  { username: 'pupil', kind: 'pupil', first: 'Pip', last: 'Pupil', email: null, schoolId: 1, schoolUsername: 'pupil' },
  { username: 'parent', kind: 'parent', first: 'Pat', last: 'Parent', email: 'parent@sandbox.edshed.test' },
  {
    username: 'district',
    kind: 'district',
    first: 'Dana',
    last: 'District',
    email: 'district@northside.sandbox.test',
    districtId: 1,
  },
  { username: 'sales', kind: 'staff', first: 'Sol', last: 'Sales', email: 'sales@sandbox.edshed.test', employee: true },
];

const LARGE_COUNTRIES = [
  { country: 'GB', region: 'GB-ENG', locale: 'en_GB', accountRegion: 'GB' },
  { country: 'US', region: 'US-TX', locale: 'en_US', accountRegion: 'US' },
  { country: 'AU', region: 'AU-VIC', locale: 'en_AU', accountRegion: 'GB' },
  { country: 'IE', region: 'IE-D', locale: 'en_IE', accountRegion: 'GB' },
  { country: 'NZ', region: 'NZ-AUK', locale: 'en_NZ', accountRegion: 'GB' },
  { country: 'CA', region: 'CA-ON', locale: 'en_CA', accountRegion: 'US' },
] as const;
const PLACES = [
  'Riverside',
  'Hillcrest',
  'Brookfield',
  'Elmwood',
  'Kingsway',
  'Meadowbank',
  'Ashgrove',
  'Larchmont',
  'Fairview',
  'Stonebridge',
  'Willowdale',
  'Harbour',
];
const KINDS = ['Primary School', 'Elementary School', 'Academy', 'Junior School', 'Public School', 'Community School'];

/** Schools added by the large seed on top of the three demo schools. */
export const LARGE_EXTRA_SCHOOLS = 207;

/**
 * Seeds the districts, schools and accounts everything else hangs off; `large` adds 207 schools, each
 * with an admin teacher `admin<schoolId>`.
 *
 * @example
 * seedCore(db, { rng: createRng(1), size: 'demo', now: SEED_NOW, passwordHash: seedPasswordHash() });
 */
export function seedCore(db: Db, ctx: SeedContext): void {
  const created = ctx.now.toISOString();
  db.prepare('INSERT INTO districts (id, name, created_at) VALUES (1, ?, ?)').run('Northside District', created);
  const school = db.prepare(
    `INSERT INTO schools (name, code, country, region, locale, account_region, district_id, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const s of DEMO_SCHOOLS)
    school.run(s.name, s.code, s.country, s.region, s.locale, s.accountRegion, s.districtId, created);
  const user = db.prepare(
    `INSERT INTO users (username, email, first_name, last_name, display_name, password_hash, kind, superuser, employee,
       school_id, school_username, admin, district_id, permissions, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const u of DEMO_USERS) {
    user.run(
      u.username,
      u.email,
      u.first,
      u.last,
      `${u.first} ${u.last}`,
      ctx.passwordHash,
      u.kind,
      u.superuser ? 1 : 0,
      u.employee ? 1 : 0,
      u.schoolId ?? null,
      u.schoolUsername ?? null,
      u.admin ? 1 : 0,
      u.districtId ?? null,
      u.kind === 'teacher' || u.superuser ? TEACHER_PERMISSIONS : '[]',
      created,
    );
  }
  db.prepare(
    "UPDATE users SET parent_id = (SELECT id FROM users WHERE username = 'parent') WHERE username = 'pupil'",
  ).run();
  if (ctx.size === 'large') seedLargeSchools(ctx, school, user);
}

function seedLargeSchools(ctx: SeedContext, school: Statement, user: Statement): void {
  for (let i = 0; i < LARGE_EXTRA_SCHOOLS; i += 1) {
    const place = ctx.rng.pick(PLACES);
    const where = ctx.rng.pick(LARGE_COUNTRIES);
    const created = new Date(ctx.now.getTime() - ctx.rng.int(30, 2000) * 86_400_000).toISOString();
    const id = Number(
      school.run(
        `${place} ${ctx.rng.pick(KINDS)} ${i + 1}`,
        `S${String(i + 4).padStart(5, '0')}`,
        where.country,
        where.region,
        where.locale,
        where.accountRegion,
        null,
        created,
      ).lastInsertRowid,
    );
    user.run(
      `admin${id}`,
      `admin${id}@school${id}.sandbox.test`,
      'Head',
      `Teacher ${id}`,
      `Head Teacher ${id}`,
      ctx.passwordHash,
      'teacher',
      0,
      0,
      id,
      null,
      1,
      null,
      TEACHER_PERMISSIONS,
      created,
    );
  }
}
