import type { Migration } from './migration.js';

/** Class rewards: feedback kinds per group, reward teams, and the log of points given. */
export const rewardsSchema: Migration = {
  version: 13,
  name: 'rewards',
  sql: `
CREATE TABLE reward_feedback (
  id INTEGER PRIMARY KEY,
  school_id INTEGER NOT NULL REFERENCES schools(id),
  group_id INTEGER NOT NULL REFERENCES school_groups(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  points INTEGER NOT NULL,               -- negative for needs-work feedback
  icon TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX reward_feedback_group ON reward_feedback(group_id);

CREATE TABLE reward_groups (
  id INTEGER PRIMARY KEY,
  school_id INTEGER NOT NULL REFERENCES schools(id),
  group_id INTEGER NOT NULL REFERENCES school_groups(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX reward_groups_group ON reward_groups(group_id);

CREATE TABLE reward_group_pupils (
  reward_group_id INTEGER NOT NULL REFERENCES reward_groups(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id),
  PRIMARY KEY (reward_group_id, user_id)
);

CREATE TABLE reward_logs (
  id INTEGER PRIMARY KEY,
  school_id INTEGER NOT NULL REFERENCES schools(id),
  group_id INTEGER REFERENCES school_groups(id) ON DELETE CASCADE,
  user_id INTEGER REFERENCES users(id),  -- NULL when given to the whole class (anonymous)
  reward_group_id INTEGER REFERENCES reward_groups(id) ON DELETE SET NULL,
  feedback_id INTEGER REFERENCES reward_feedback(id) ON DELETE SET NULL,
  points INTEGER NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('teacher', 'anonymous', 'earnings')),
  awarded_by INTEGER REFERENCES users(id),
  converted_at TEXT,                     -- PUT rewards/convert turned the points into coins
  created_at TEXT NOT NULL
);
CREATE INDEX reward_logs_group ON reward_logs(group_id, created_at);
CREATE INDEX reward_logs_user ON reward_logs(user_id);
`,
};
