import type { Migration } from './migration.js';

/** School membership, addresses, groups, teacher invites, the school's event log and the schools register. */
export const schoolAdminSchema: Migration = {
  version: 10,
  name: 'school-admin',
  sql: `
-- Every school a teacher belongs to; users.school_id is the one they currently manage.
CREATE TABLE school_memberships (
  user_id INTEGER NOT NULL REFERENCES users(id),
  school_id INTEGER NOT NULL REFERENCES schools(id),
  admin INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, school_id)
);
CREATE INDEX school_memberships_school ON school_memberships(school_id);

CREATE TABLE addresses (
  id INTEGER PRIMARY KEY,
  school_id INTEGER NOT NULL REFERENCES schools(id),
  address_type TEXT NOT NULL,            -- billing, delivery, school
  address TEXT NOT NULL,                 -- JSON: lines, town, region, postcode, country
  is_default INTEGER NOT NULL DEFAULT 0, -- the school's address of that type
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  deleted_at TEXT
);
CREATE INDEX addresses_school ON addresses(school_id);

-- "groups" is an SQL keyword (window frames), hence school_groups.
CREATE TABLE school_groups (
  id INTEGER PRIMARY KEY,
  school_id INTEGER NOT NULL REFERENCES schools(id),
  parent_id INTEGER REFERENCES school_groups(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  data TEXT NOT NULL DEFAULT '{}',       -- JSON: colour, year and other display settings
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX school_groups_school ON school_groups(school_id, parent_id);

CREATE TABLE group_pupils (
  group_id INTEGER NOT NULL REFERENCES school_groups(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id),
  added_at TEXT NOT NULL,
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX group_pupils_user ON group_pupils(user_id);

CREATE TABLE group_teachers (
  group_id INTEGER NOT NULL REFERENCES school_groups(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id),
  added_at TEXT NOT NULL,
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX group_teachers_user ON group_teachers(user_id);

CREATE TABLE teacher_invites (
  id INTEGER PRIMARY KEY,
  school_id INTEGER NOT NULL REFERENCES schools(id),
  email TEXT NOT NULL,
  code TEXT NOT NULL UNIQUE,
  invited_by INTEGER REFERENCES users(id),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  accepted_at TEXT,
  user_id INTEGER REFERENCES users(id)
);
CREATE INDEX teacher_invites_school ON teacher_invites(school_id, email);

-- What staff did in a school (GET events).
CREATE TABLE school_events (
  id INTEGER PRIMARY KEY,
  school_id INTEGER NOT NULL REFERENCES schools(id),
  user_id INTEGER REFERENCES users(id),
  kind TEXT NOT NULL,
  data TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL
);
CREATE INDEX school_events_school ON school_events(school_id, id);

-- The government register of schools (GET schools with dfe_schools): schools that may not have signed up yet.
CREATE TABLE register_schools (
  urn INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  town TEXT NOT NULL,
  postcode TEXT NOT NULL,
  country TEXT NOT NULL,
  school_id INTEGER REFERENCES schools(id)
);
`,
};
