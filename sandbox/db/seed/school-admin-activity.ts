import type { Db } from '../database.js';
import type { SeedContext } from './context.js';
import type { SchoolPeople } from './school-admin-people.js';

const DAY = 86_400_000;
const LISTS = ['ST1-W1', 'ST1-W2', 'ST2-W5', 'ST3-W8', 'ST4-W2', 'ST5-W11'];
const WORDS = [
  'because',
  'friend',
  'thought',
  'although',
  'necessary',
  'separate',
  'believe',
  'island',
  'rhythm',
  'queue',
];
const SPELLING_MODES = ['easy', 'medium', 'hard', 'extreme', 'hive'];
const MATHS_KEYS = ['numbot', 'rocket', 'times-tables', 'bonds'];
const GAMES: readonly { game: string; weight: number }[] = [
  { game: 'spelling', weight: 5 },
  { game: 'maths', weight: 3 },
  { game: 'mtc', weight: 2 },
  { game: 'beekeeper', weight: 1 },
  { game: 'buzzwords', weight: 1 },
  { game: 'squirrelscurry', weight: 1 },
  { game: 'grammar', weight: 1 },
  { game: 'quiz', weight: 1 },
  { game: 'phonics', weight: 1 },
  { game: 'number', weight: 1 },
  { game: 'mastery_zone', weight: 1 },
  { game: 'assessment', weight: 1 },
];
const WEIGHTED = GAMES.flatMap((g) => Array.from({ length: g.weight }, () => g.game));

function details(ctx: SeedContext, game: string): Record<string, unknown> {
  switch (game) {
    case 'spelling':
    case 'beekeeper':
    case 'buzzwords':
      return { words: Array.from({ length: 5 }, () => ({ word: ctx.rng.pick(WORDS), correct: ctx.rng.chance(0.75) })) };
    case 'mtc':
    case 'maths':
      return { table: ctx.rng.int(1, 12), time_ms: ctx.rng.int(20_000, 120_000) };
    case 'assessment':
      return {
        skills: {
          'SP-DOUBLE': ctx.rng.int(0, 100),
          'SP-SUFFIX': ctx.rng.int(0, 100),
          'SP-SILENT': ctx.rng.int(0, 100),
        },
        level: ctx.rng.int(1, 7),
      };
    case 'grammar':
      return { skill: ctx.rng.pick(['fronted adverbials', 'apostrophes', 'relative clauses', 'tenses']) };
    case 'quiz':
      return { question_set_id: ctx.rng.int(1, 6), curriculum_nodes: [ctx.rng.int(1, 8), ctx.rng.int(9, 16)] };
    default:
      return {};
  }
}

/**
 * Seeds homework (single pieces and one multi set per school), game sessions (some done as homework),
 * hives, a custom league and a challenge, and class rewards, for the demo schools.
 *
 * @example
 * seedActivity(db, ctx, people.filter((p) => p.schoolId <= 3));
 */
export function seedActivity(db: Db, ctx: SeedContext, schools: readonly SchoolPeople[]): void {
  const now = ctx.now.getTime();
  const iso = (offsetDays: number): string => new Date(now + offsetDays * DAY).toISOString();
  const insertSet = db.prepare(
    'INSERT INTO homework_sets (school_id, owner_id, group_id, title, data, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertHomework = db.prepare(
    `INSERT INTO homework (school_id, owner_id, set_id, title, game, list_ident, data, starts_at, ends_at, portal, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const homeworkGroup = db.prepare('INSERT INTO homework_groups (homework_id, group_id) VALUES (?, ?)');
  const homeworkPupil = db.prepare('INSERT OR IGNORE INTO homework_pupils (homework_id, user_id) VALUES (?, ?)');
  const session = db.prepare(
    `INSERT INTO game_sessions (user_id, school_id, game, mode, list_ident, homework_id, stage, score, correct, incorrect, details, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const school of schools) {
    const owner = school.teacherIds[0] ?? null;
    const homeworkByClass = new Map<number, number>();
    school.classes.forEach((klass, index) => {
      const list = LISTS[index % LISTS.length] as string;
      const id = Number(
        insertHomework.run(
          school.schoolId,
          owner,
          null,
          `Spelling list ${list}`,
          'spelling',
          list,
          '{}',
          iso(-10 + index),
          iso(4 + index),
          1,
          iso(-11 + index),
          iso(-11 + index),
        ).lastInsertRowid,
      );
      homeworkGroup.run(id, klass.id);
      for (const pupilId of klass.pupilIds) homeworkPupil.run(id, pupilId);
      homeworkByClass.set(klass.id, id);
      const maths = Number(
        insertHomework.run(
          school.schoolId,
          owner,
          null,
          'Times tables practice',
          'number',
          'times-tables',
          '{}',
          iso(-3),
          iso(7),
          1,
          iso(-4),
          iso(-4),
        ).lastInsertRowid,
      );
      homeworkGroup.run(maths, klass.id);
    });
    const firstClass = school.classes[0];
    if (firstClass) {
      const setId = Number(
        insertSet.run(school.schoolId, owner, firstClass.id, 'Autumn term week 1', '{}', iso(-2), iso(-2))
          .lastInsertRowid,
      );
      for (const [title, game] of [
        ['Phonics: split digraphs', 'phonics'],
        ['Grammar: apostrophes', 'grammar'],
        ['Quiz: the Romans', 'quiz'],
      ] as const) {
        const id = Number(
          insertHomework.run(
            school.schoolId,
            owner,
            setId,
            title,
            game,
            null,
            '{}',
            iso(-1),
            iso(6),
            1,
            iso(-2),
            iso(-2),
          ).lastInsertRowid,
        );
        homeworkGroup.run(id, firstClass.id);
      }
    }
    for (const klass of school.classes) {
      const homeworkId = homeworkByClass.get(klass.id) ?? null;
      for (const pupilId of klass.pupilIds) {
        const plays = ctx.rng.int(6, 14);
        for (let i = 0; i < plays; i += 1) {
          const game = ctx.rng.pick(WEIGHTED);
          const correct = ctx.rng.int(2, 20);
          const incorrect = ctx.rng.int(0, 8);
          const asHomework = game === 'spelling' && ctx.rng.chance(0.4);
          const mode =
            game === 'maths' ? ctx.rng.pick(MATHS_KEYS) : game === 'spelling' ? ctx.rng.pick(SPELLING_MODES) : null;
          const list = game === 'spelling' ? ctx.rng.pick(LISTS) : null;
          session.run(
            pupilId,
            school.schoolId,
            game,
            mode,
            list,
            asHomework ? homeworkId : null,
            ctx.rng.int(1, 6),
            correct * 10,
            correct,
            incorrect,
            JSON.stringify(details(ctx, game)),
            iso(-ctx.rng.int(0, 120) - ctx.rng.next()),
          );
        }
      }
    }
    seedLeagues(db, ctx, school, iso);
    seedRewards(db, ctx, school, iso);
  }
}

function seedLeagues(db: Db, ctx: SeedContext, school: SchoolPeople, iso: (days: number) => string): void {
  const owner = school.teacherIds[0] ?? null;
  const hive = db.prepare(
    'INSERT INTO hives (school_id, owner_id, name, game, status, data, created_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const players = school.classes[0]?.pupilIds.slice(0, 6) ?? [];
  hive.run(
    school.schoolId,
    owner,
    'Friday spelling hive',
    'spelling',
    'finished',
    JSON.stringify({ list: 'ST2-W5', players: players.map((id) => ({ user_id: id, score: ctx.rng.int(10, 90) })) }),
    iso(-7),
    iso(-7),
  );
  hive.run(
    school.schoolId,
    owner,
    'Times tables hive',
    'maths',
    'waiting',
    JSON.stringify({ players: [] }),
    iso(-1),
    null,
  );
  const league = db.prepare(
    'INSERT INTO leagues (school_id, owner_id, kind, name, product, starts_at, ends_at, data, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const custom = Number(
    league.run(
      school.schoolId,
      owner,
      'custom',
      'Class spelling league',
      'spelling',
      iso(-30),
      iso(30),
      '{}',
      iso(-30),
      iso(-30),
    ).lastInsertRowid,
  );
  const challenge = Number(
    league.run(
      school.schoolId,
      owner,
      'challenge',
      'Year group maths challenge',
      'number',
      iso(-5),
      iso(9),
      '{}',
      iso(-5),
      iso(-5),
    ).lastInsertRowid,
  );
  const leagueGroup = db.prepare('INSERT INTO league_groups (league_id, group_id) VALUES (?, ?)');
  for (const klass of school.classes) {
    leagueGroup.run(custom, klass.id);
    leagueGroup.run(challenge, klass.id);
  }
}

function seedRewards(db: Db, ctx: SeedContext, school: SchoolPeople, iso: (days: number) => string): void {
  const feedback = db.prepare(
    'INSERT INTO reward_feedback (school_id, group_id, name, points, icon, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const team = db.prepare('INSERT INTO reward_groups (school_id, group_id, name, created_at) VALUES (?, ?, ?, ?)');
  const teamPupil = db.prepare('INSERT INTO reward_group_pupils (reward_group_id, user_id) VALUES (?, ?)');
  const log = db.prepare(
    `INSERT INTO reward_logs (school_id, group_id, user_id, reward_group_id, feedback_id, points, source, awarded_by, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const klass of school.classes) {
    const kinds = [
      ['Great listening', 1, 'ear'],
      ['Teamwork', 2, 'hands'],
      ['Super spelling', 3, 'star'],
      ['Off task', -1, 'clock'],
    ] as const;
    const feedbackIds = kinds.map(([name, points, icon]) =>
      Number(feedback.run(school.schoolId, klass.id, name, points, icon, iso(-60), iso(-60)).lastInsertRowid),
    );
    const teams = ['Red team', 'Blue team'].map((name) =>
      Number(team.run(school.schoolId, klass.id, name, iso(-60)).lastInsertRowid),
    );
    klass.pupilIds.forEach((pupilId, i) => teamPupil.run(teams[i % teams.length], pupilId));
    for (let i = 0; i < 12; i += 1) {
      const pupilId = ctx.rng.pick(klass.pupilIds);
      const k = ctx.rng.int(0, kinds.length - 1);
      log.run(
        school.schoolId,
        klass.id,
        pupilId,
        null,
        feedbackIds[k],
        kinds[k]?.[1] ?? 1,
        'teacher',
        school.teacherIds[0] ?? null,
        iso(-ctx.rng.int(0, 30)),
      );
    }
    log.run(school.schoolId, klass.id, null, null, null, 5, 'anonymous', school.teacherIds[0] ?? null, iso(-2));
  }
}
