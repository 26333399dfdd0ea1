import type { Migration } from './migration.js';

/** Homework, homework sets (multi homework) and who each piece is assigned to. */
export const homeworkSchema: Migration = {
  version: 11,
  name: 'homework',
  sql: `
CREATE TABLE homework_sets (
  id INTEGER PRIMARY KEY,
  school_id INTEGER NOT NULL REFERENCES schools(id),
  owner_id INTEGER REFERENCES users(id),
  group_id INTEGER REFERENCES school_groups(id) ON DELETE SET NULL,
  title TEXT NOT NULL,
  data TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX homework_sets_school ON homework_sets(school_id, group_id);

CREATE TABLE homework (
  id INTEGER PRIMARY KEY,
  school_id INTEGER NOT NULL REFERENCES schools(id),
  owner_id INTEGER REFERENCES users(id),
  set_id INTEGER REFERENCES homework_sets(id) ON DELETE SET NULL,
  title TEXT NOT NULL,
  game TEXT NOT NULL,                    -- spelling, number, grammar, quiz, phonics, lesson
  list_ident TEXT,                       -- the list, question set or lesson played
  data TEXT NOT NULL DEFAULT '{}',
  starts_at TEXT NOT NULL,
  ends_at TEXT,
  portal INTEGER NOT NULL DEFAULT 0,     -- isNewEdShedPortal
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX homework_school ON homework(school_id, starts_at);
CREATE INDEX homework_set ON homework(set_id);

CREATE TABLE homework_pupils (
  homework_id INTEGER NOT NULL REFERENCES homework(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id),
  PRIMARY KEY (homework_id, user_id)
);
CREATE INDEX homework_pupils_user ON homework_pupils(user_id);

CREATE TABLE homework_groups (
  homework_id INTEGER NOT NULL REFERENCES homework(id) ON DELETE CASCADE,
  group_id INTEGER NOT NULL REFERENCES school_groups(id) ON DELETE CASCADE,
  PRIMARY KEY (homework_id, group_id)
);
CREATE INDEX homework_groups_group ON homework_groups(group_id);

CREATE TABLE homework_teachers (
  homework_id INTEGER NOT NULL REFERENCES homework(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id),
  PRIMARY KEY (homework_id, user_id)
);
`,
};
