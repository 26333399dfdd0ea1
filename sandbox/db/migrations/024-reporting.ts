import type { Migration } from './migration.js';

/**
 * Sales reporting and background work: retention events, engagement snapshots (computed by a job) and
 * the jobs table the in-process runner (sandbox/jobs.ts) persists its progress in.
 */
export const reportingSchema: Migration = {
  version: 24,
  name: 'reporting',
  sql: `
CREATE TABLE retention_events (
  id INTEGER PRIMARY KEY,
  subscription_id INTEGER NOT NULL REFERENCES subscriptions(id),
  school_id INTEGER NOT NULL REFERENCES schools(id),
  type TEXT NOT NULL CHECK (type IN ('renewal_due', 'cancellation', 'lapsed')),
  status TEXT NOT NULL CHECK (status IN ('open', 'contacted', 'won', 'lost')),
  note TEXT NOT NULL DEFAULT '',
  sales_person_id INTEGER REFERENCES sales_people(id),
  due_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE jobs (
  id INTEGER PRIMARY KEY,
  queue_id TEXT NOT NULL,
  namespace_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  payload TEXT NOT NULL DEFAULT '{}',
  state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed')),
  progress INTEGER NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  cursor TEXT,                             -- JSON: where the next step resumes
  result TEXT,
  error TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  run_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  started_at TEXT,
  finished_at TEXT,
  updated_at TEXT NOT NULL
);
CREATE INDEX jobs_pending ON jobs(state, run_at);

CREATE TABLE engagement_snapshots (
  id INTEGER PRIMARY KEY,
  start TEXT NOT NULL,
  end TEXT NOT NULL,
  job_id INTEGER NOT NULL REFERENCES jobs(id),
  school_count INTEGER NOT NULL DEFAULT 0,
  created_by INTEGER,
  created_at TEXT NOT NULL,
  deleted_at TEXT
);

CREATE TABLE engagement_rows (
  snapshot_id INTEGER NOT NULL REFERENCES engagement_snapshots(id),
  school_id INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (snapshot_id, school_id)
);
`,
};
