import type { Db } from '../database.js';
import type { SeedContext } from './context.js';
import { FIRST_NAMES, LAST_NAMES } from './school-admin-names.js';
import { generateDisplayName, uniqueName, usernameFrom } from '../../domain/pupils/names.js';

/** The classes each demo school gets, and a sub-group under the first. */
const DEMO_CLASSES: Readonly<Record<number, readonly string[]>> = {
  1: ['Year 3 Oak', 'Year 4 Ash', 'Year 5 Elm'],
  2: ['Grade 2 Room 4', 'Grade 3 Room 7', 'Grade 4 Room 9'],
  3: ['Year 2 Koala', 'Year 3 Wombat', 'Year 4 Kookaburra'],
};
const SUBGROUP = 'Spelling Booster';

/** Extra teachers per demo school, after the core seed's `admin` and `teacher` of school 1. */
const DEMO_TEACHERS: Readonly<Record<number, readonly { username: string; admin: boolean }[]>> = {
  1: [
    { username: 'teacher1b', admin: false },
    { username: 'teacher1c', admin: false },
  ],
  2: [
    { username: 'admin2', admin: true },
    { username: 'teacher2a', admin: false },
    { username: 'teacher2b', admin: false },
  ],
  3: [
    { username: 'admin3', admin: true },
    { username: 'teacher3a', admin: false },
    { username: 'teacher3b', admin: false },
  ],
};

export const DEMO_PUPILS_PER_SCHOOL = 30;
export const LARGE_PUPILS_TOTAL = 20_000;

/** What the people stage made, for the later stages. */
export interface SchoolPeople {
  readonly schoolId: number;
  readonly teacherIds: number[];
  readonly pupilIds: number[];
  /** Class ids, each with its pupils. */
  readonly classes: { id: number; pupilIds: number[] }[];
}

function statements(db: Db) {
  return {
    user: db.prepare(
      `INSERT INTO users (username, email, first_name, last_name, display_name, password_hash, kind, school_id, school_username,
         admin, stage_spelling, stage_number, permissions, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    membership: db.prepare(
      'INSERT OR IGNORE INTO school_memberships (user_id, school_id, admin, created_at) SELECT id, school_id, admin, created_at FROM users WHERE id = ?',
    ),
    group: db.prepare(
      'INSERT INTO school_groups (school_id, parent_id, name, data, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    groupPupil: db.prepare('INSERT OR IGNORE INTO group_pupils (group_id, user_id, added_at) VALUES (?, ?, ?)'),
    groupTeacher: db.prepare('INSERT OR IGNORE INTO group_teachers (group_id, user_id, added_at) VALUES (?, ?, ?)'),
  };
}

/**
 * Seeds teachers, pupils and groups. Demo: the three schools each get teachers, 30 pupils in three classes
 * and a sub-group. Large: the other schools share pupils up to 20,000 in total, three classes each.
 *
 * @example
 * const people = seedPeople(db, ctx); // one entry per school
 */
export function seedPeople(db: Db, ctx: SeedContext): SchoolPeople[] {
  const s = statements(db);
  const created = ctx.now.toISOString();
  db.prepare(
    "INSERT OR IGNORE INTO school_memberships (user_id, school_id, admin, created_at) SELECT id, school_id, admin, created_at FROM users WHERE kind = 'teacher' AND school_id IS NOT NULL",
  ).run();
  const schools = db.prepare('SELECT id, name FROM schools WHERE deleted_at IS NULL ORDER BY id').all() as {
    id: number;
    name: string;
  }[];
  const demoIds = schools.filter((school) => school.id <= 3).map((school) => school.id);
  const largeIds = schools.filter((school) => school.id > 3).map((school) => school.id);
  const people: SchoolPeople[] = [];
  for (const schoolId of demoIds) {
    for (const t of DEMO_TEACHERS[schoolId] ?? []) {
      const first = ctx.rng.pick(FIRST_NAMES);
      const last = ctx.rng.pick(LAST_NAMES);
      const id = Number(
        s.user.run(
          t.username,
          `${t.username}@school${schoolId}.sandbox.test`,
          first,
          last,
          `${first} ${last}`,
          ctx.passwordHash,
          'teacher',
          schoolId,
          null,
          t.admin ? 1 : 0,
          null,
          null,
          JSON.stringify(['spelling', 'litshed', 'number', 'phonics']),
          created,
        ).lastInsertRowid,
      );
      s.membership.run(id);
    }
    people.push(
      seedSchool(
        db,
        ctx,
        s,
        schoolId,
        DEMO_PUPILS_PER_SCHOOL,
        DEMO_CLASSES[schoolId] ?? ['Class A', 'Class B', 'Class C'],
      ),
    );
  }
  if (ctx.size === 'large' && largeIds.length > 0) {
    const existing = (db.prepare("SELECT COUNT(*) AS n FROM users WHERE kind = 'pupil'").get() as { n: number }).n;
    const remaining = Math.max(LARGE_PUPILS_TOTAL - existing, 0);
    largeIds.forEach((schoolId, index) => {
      const share = Math.floor(remaining / largeIds.length) + (index < remaining % largeIds.length ? 1 : 0);
      people.push(seedSchool(db, ctx, s, schoolId, share, ['Class 1', 'Class 2', 'Class 3']));
    });
  }
  return people;
}

function seedSchool(
  db: Db,
  ctx: SeedContext,
  s: ReturnType<typeof statements>,
  schoolId: number,
  pupilCount: number,
  classNames: readonly string[],
): SchoolPeople {
  const created = ctx.now.toISOString();
  const teacherIds = (
    db.prepare("SELECT id FROM users WHERE school_id = ? AND kind = 'teacher' ORDER BY id").all(schoolId) as {
      id: number;
    }[]
  ).map((r) => r.id);
  const existing = db
    .prepare("SELECT id, school_username FROM users WHERE school_id = ? AND kind = 'pupil' ORDER BY id")
    .all(schoolId) as { id: number; school_username: string | null }[];
  const taken = new Set(existing.flatMap((r) => (r.school_username ? [r.school_username] : [])));
  const pupilIds = existing.map((r) => r.id);
  const stage = ctx.rng.int(1, 4);
  while (pupilIds.length < pupilCount) {
    const first = ctx.rng.pick(FIRST_NAMES);
    const last = ctx.rng.pick(LAST_NAMES);
    const schoolUsername = uniqueName(usernameFrom(`${first}${last.slice(0, 1)}`), taken);
    taken.add(schoolUsername);
    const when = new Date(ctx.now.getTime() - ctx.rng.int(10, 400) * 86_400_000).toISOString();
    const classIndex = pupilIds.length % classNames.length;
    pupilIds.push(
      Number(
        s.user.run(
          `s${schoolId}.${schoolUsername}`,
          null,
          first,
          last,
          generateDisplayName(() => ctx.rng.next()),
          ctx.passwordHash,
          'pupil',
          schoolId,
          schoolUsername,
          0,
          Math.min(stage + classIndex, 7),
          Math.min(stage + classIndex, 6),
          '[]',
          when,
        ).lastInsertRowid,
      ),
    );
  }
  const classes = classNames.map((name, index) => {
    const id = Number(
      s.group.run(
        schoolId,
        null,
        name,
        JSON.stringify({ colour: ['#f5a623', '#4a90e2', '#7ed321'][index % 3] }),
        created,
        created,
      ).lastInsertRowid,
    );
    const members = pupilIds.filter((_, i) => i % classNames.length === index);
    for (const pupilId of members) s.groupPupil.run(id, pupilId, created);
    if (teacherIds.length > 0) s.groupTeacher.run(id, teacherIds[index % teacherIds.length], created);
    return { id, pupilIds: members };
  });
  const first = classes[0];
  if (first && first.pupilIds.length > 0) {
    const sub = Number(s.group.run(schoolId, first.id, SUBGROUP, '{}', created, created).lastInsertRowid);
    for (const pupilId of first.pupilIds.slice(0, Math.ceil(first.pupilIds.length / 2)))
      s.groupPupil.run(sub, pupilId, created);
    if (teacherIds[0] !== undefined) s.groupTeacher.run(sub, teacherIds[0], created);
  }
  return { schoolId, teacherIds, pupilIds, classes };
}
