import type { Migration } from './migration.js';

/** Game plays (the source of pupil histories, group reports and leagues), hives and leagues. */
export const activitySchema: Migration = {
  version: 12,
  name: 'activity',
  sql: `
CREATE TABLE game_sessions (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  school_id INTEGER REFERENCES schools(id),
  game TEXT NOT NULL,                    -- spelling, beekeeper, buzzwords, squirrelscurry, maths, number, mtc,
                                         -- mastery_zone, grammar, quiz, phonics, lesson, assessment
  mode TEXT,                             -- game play type, or the maths game key
  list_ident TEXT,
  homework_id INTEGER REFERENCES homework(id) ON DELETE SET NULL,
  stage INTEGER,
  score INTEGER NOT NULL DEFAULT 0,
  correct INTEGER NOT NULL DEFAULT 0,
  incorrect INTEGER NOT NULL DEFAULT 0,
  details TEXT NOT NULL DEFAULT '{}',    -- JSON: words, times table, skills, curriculum nodes
  created_at TEXT NOT NULL
);
CREATE INDEX game_sessions_user ON game_sessions(user_id, game, created_at);
CREATE INDEX game_sessions_school ON game_sessions(school_id, game, created_at);
CREATE INDEX game_sessions_homework ON game_sessions(homework_id);

CREATE TABLE hives (
  id INTEGER PRIMARY KEY,
  school_id INTEGER NOT NULL REFERENCES schools(id),
  owner_id INTEGER REFERENCES users(id),
  name TEXT NOT NULL,
  game TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('waiting', 'running', 'finished')),
  data TEXT NOT NULL DEFAULT '{}',       -- JSON: list, players and their scores
  created_at TEXT NOT NULL,
  finished_at TEXT
);
CREATE INDEX hives_school ON hives(school_id);

CREATE TABLE leagues (
  id INTEGER PRIMARY KEY,
  school_id INTEGER REFERENCES schools(id),
  owner_id INTEGER REFERENCES users(id),
  kind TEXT NOT NULL CHECK (kind IN ('custom', 'challenge')),
  name TEXT NOT NULL,
  product TEXT NOT NULL,                 -- spelling, number, quiz
  starts_at TEXT NOT NULL,
  ends_at TEXT NOT NULL,
  data TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX leagues_school ON leagues(school_id, kind);

CREATE TABLE league_groups (
  league_id INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
  group_id INTEGER NOT NULL REFERENCES school_groups(id) ON DELETE CASCADE,
  PRIMARY KEY (league_id, group_id)
);

CREATE TABLE league_users (
  league_id INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id),
  PRIMARY KEY (league_id, user_id)
);
CREATE INDEX league_users_user ON league_users(user_id);

CREATE TABLE diagnostic_skills (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  stage INTEGER NOT NULL
);
`,
};
