import type { Migration } from './migration.js';

/** Users, schools, districts, sessions, and the server's own state (idempotency, write counters, generic store). */
export const coreSchema: Migration = {
  version: 1,
  name: 'core',
  sql: `
CREATE TABLE districts (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE schools (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  code TEXT UNIQUE,                      -- join code; NULL when removed
  country TEXT NOT NULL,                 -- ISO 3166-1 alpha-2
  region TEXT,                           -- ISO 3166-2 subdivision
  locale TEXT NOT NULL,                  -- en_GB, en_US...
  account_region TEXT NOT NULL,          -- GB or US (stripe region)
  district_id INTEGER REFERENCES districts(id),
  settings TEXT NOT NULL DEFAULT '{}',   -- JSON: fontPreference, experimental...
  integrations TEXT NOT NULL DEFAULT '{}', -- JSON: school-system and rostering ids
  created_at TEXT NOT NULL,
  deleted_at TEXT
);

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  username TEXT NOT NULL UNIQUE,
  email TEXT,
  first_name TEXT NOT NULL DEFAULT '',
  last_name TEXT NOT NULL DEFAULT '',
  display_name TEXT NOT NULL DEFAULT '',
  password_hash TEXT NOT NULL,           -- scrypt$N$r$p$salt$hash
  kind TEXT NOT NULL CHECK (kind IN ('pupil', 'teacher', 'parent', 'district', 'staff', 'learner')),
  superuser INTEGER NOT NULL DEFAULT 0,
  employee INTEGER NOT NULL DEFAULT 0,
  tester INTEGER NOT NULL DEFAULT 0,
  school_id INTEGER REFERENCES schools(id),
  school_username TEXT,                  -- pupils sign in with school id + school username
  admin INTEGER NOT NULL DEFAULT 0,
  district_id INTEGER REFERENCES districts(id),
  parent_id INTEGER REFERENCES users(id),
  stage_spelling INTEGER,
  stage_number INTEGER,
  experimental INTEGER NOT NULL DEFAULT 0,
  permissions TEXT NOT NULL DEFAULT '[]', -- JSON list: spelling, litshed, number, phonics...
  avatar TEXT NOT NULL DEFAULT '{}',     -- JSON avatar description
  data TEXT NOT NULL DEFAULT '{}',       -- JSON: anything else the API stores on a user
  failed_logins INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  deleted_at TEXT,
  UNIQUE (school_id, school_username)
);
CREATE INDEX users_school ON users(school_id, kind);

CREATE TABLE tokens (
  token TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  imitator_id INTEGER REFERENCES users(id),  -- the superuser imitating user_id
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);

-- Idempotency-Key records: one per (token owner, key).
CREATE TABLE idempotency (
  user_key TEXT NOT NULL,                -- user id or 'anon'
  key TEXT NOT NULL,
  route TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('in_flight', 'done')),
  status INTEGER,
  response TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_key, key)
);

-- How many times each route's write was applied (read through __sandbox/writes).
CREATE TABLE write_counts (
  route TEXT NOT NULL,
  target TEXT NOT NULL DEFAULT '',       -- the path with parameters filled in
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (route, target)
);

-- The generic persisted store for the long tail of learner and content calls.
CREATE TABLE records (
  id INTEGER PRIMARY KEY,
  collection TEXT NOT NULL,              -- e.g. lists, lessons, quiz/question_sets
  owner_id INTEGER REFERENCES users(id),
  school_id INTEGER REFERENCES schools(id),
  parent_key TEXT,                       -- for nested collections: the parent's collection/id
  data TEXT NOT NULL,                    -- JSON
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  deleted_at TEXT
);
CREATE INDEX records_collection ON records(collection, parent_key);
`,
};
