/**
 * A small in-process background job runner with its progress persisted in the `jobs` table.
 *
 * | state   | next                 | when                                                     |
 * |---------|----------------------|----------------------------------------------------------|
 * | queued  | running              | its run_at has come and the runner picks it              |
 * | running | running (progress %) | a step finished with more to do; the cursor is saved     |
 * | running | done                 | the last step finished (progress 100, result saved)      |
 * | queued, running | failed       | a step threw; the error is saved                         |
 *
 * Each step runs in its own transaction, so stopping the runner (or the process) between steps leaves
 * nothing half-written, and a restarted runner resumes a running job from its saved cursor.
 */
import { one, run, type Db } from './sql.js';

import { JOB_STATES, type JobState } from '../../core/domain/accounts.js';
import type { Job } from '../../core/shapes/types.js';
import type { Row } from '../db/rows.js';
import { fieldsOf, shapeValue, type RowShape } from '../db/fast/shape.js';
export { JOB_STATES, type JobState };

export type JobRow = Row<'jobs'>;

/** What one step of a job reports. */
export interface StepResult {
  /** 0-100. */
  readonly progress: number;
  readonly done: boolean;
  /** Saved and handed to the next step (parsed from JSON). */
  readonly cursor?: unknown;
  readonly result?: unknown;
}

/** Runs one bounded piece of a job. `cursor` is the previous step's cursor, undefined at first. */
export type JobStep = (db: Db, job: JobRow, cursor: unknown, now: Date) => StepResult;

/** A kind of job: its step, and what to record elsewhere when a step fails (the job itself is marked failed). */
export interface JobKind {
  readonly step: JobStep;
  readonly onFail?: (db: Db, job: JobRow, message: string, now: Date) => void;
}

export interface NewJob {
  readonly queue: string;
  readonly namespace: string;
  readonly kind: string;
  readonly payload: unknown;
  readonly now: Date;
  readonly runAt?: string;
}

/**
 * Queues a job; a running runner picks it up on its next poll.
 *
 * @example
 * const job = enqueueJob(db, { queue: 'reports', namespace: 'engagement-snapshots', kind: 'engagement-snapshot', payload: { snapshotId: 3 }, now });
 */
export function enqueueJob(db: Db, job: NewJob): JobRow {
  const stamp = job.now.toISOString();
  const { lastInsertRowid } = run(
    db,
    `INSERT INTO jobs (queue_id, namespace_id, kind, payload, state, run_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'queued', ?, ?, ?)`,
    job.queue,
    job.namespace,
    job.kind,
    JSON.stringify(job.payload ?? {}),
    job.runAt ?? stamp,
    stamp,
    stamp,
  );
  return getJob(db, Number(lastInsertRowid)) as JobRow;
}

export function getJob(db: Db, id: number): JobRow | undefined {
  return one<JobRow>(db, 'SELECT * FROM jobs WHERE id = ?', id);
}

const { column: c } = fieldsOf<JobRow>();

/** The job's id answers as `jobId` too, and its queue as `queueId`. */
const JOB_SHAPE: RowShape<JobRow, Job> = {
  id: c('id'),
  jobId: c('id'),
  queueId: c('queue_id'),
  namespace_id: c('namespace_id'),
  kind: c('kind'),
  state: c('state'),
  progress: c('progress'),
  error: c('error'),
  attempts: c('attempts'),
  run_at: c('run_at'),
  created_at: c('created_at'),
  started_at: c('started_at'),
  finished_at: c('finished_at'),
};

/** A job as the API answers it: `queueId`, `jobId` and `namespace_id` are the spec's progress fields. */
export function serializeJob(job: JobRow): Job {
  return shapeValue(JOB_SHAPE, job);
}

export interface JobRunner {
  /** Starts polling for work. */
  start(): void;
  /** Stops after the current step (steps are synchronous, so at once). */
  stop(): Promise<void>;
  /** Runs one step of the next due job; false when there was nothing to do. */
  step(): boolean;
  /** Runs steps until nothing is due (at most `limit`); returns how many ran. */
  drain(limit?: number): number;
}

export interface RunnerOptions {
  readonly db: Db;
  readonly kinds: Readonly<Record<string, JobKind>>;
  readonly now?: () => Date;
  /** How often an idle runner looks for work. */
  readonly idleMs?: number;
  /** The server's lock, so a step never interleaves with a request's transaction on the shared connection. */
  readonly lock?: { run<T>(work: () => T): T | Promise<T> };
}

function parseJson(text: string | null): unknown {
  return text === null ? undefined : (JSON.parse(text) as unknown);
}

/**
 * Creates a runner over the jobs table. The server starts it and stops it before closing the database.
 *
 * @example
 * const runner = createJobRunner({ db, kinds: BILLING_JOB_KINDS, lock: sandbox.lock });
 * runner.start();
 * await runner.stop();
 */
/** The job the runner works on next: a running one first (resumed after a restart), then the oldest due. */
const NEXT_JOB = `SELECT * FROM jobs WHERE state = 'running' OR (state = 'queued' AND run_at <= ?)
     ORDER BY CASE state WHEN 'running' THEN 0 ELSE 1 END, id LIMIT 1`;
const SAVE_JOB = `UPDATE jobs SET state = @state, progress = @progress, cursor = @cursor, result = @result, attempts = @attempts,
       started_at = @started_at, finished_at = @finished_at, updated_at = @updated_at WHERE id = @id`;

export function createJobRunner(options: RunnerOptions): JobRunner {
  const { db, kinds } = options;
  const now = options.now ?? (() => new Date());
  const idleMs = options.idleMs ?? 200;
  let timer: NodeJS.Timeout | null = null;
  let running = false;

  const fail = db.transaction((job: JobRow, message: string, at: Date) => {
    const stamp = at.toISOString();
    run(
      db,
      "UPDATE jobs SET state = 'failed', error = ?, finished_at = ?, updated_at = ? WHERE id = ?",
      message,
      stamp,
      stamp,
      job.id,
    );
    kinds[job.kind]?.onFail?.(db, job, message, at);
  });

  const runStep = db.transaction((job: JobRow, at: Date) => {
    const stamp = at.toISOString();
    const kind = kinds[job.kind];
    if (!kind) throw new Error(`No job kind "${job.kind}"`);
    const first = job.state === 'queued';
    const outcome = kind.step(db, job, parseJson(job.cursor), at);
    const progress = outcome.done ? 100 : Math.max(0, Math.min(99, Math.round(outcome.progress)));
    run(db, SAVE_JOB, {
      id: job.id,
      state: outcome.done ? 'done' : 'running',
      progress,
      cursor: outcome.cursor === undefined ? null : JSON.stringify(outcome.cursor),
      result: outcome.result === undefined ? job.result : JSON.stringify(outcome.result),
      attempts: first ? job.attempts + 1 : job.attempts,
      started_at: job.started_at ?? stamp,
      finished_at: outcome.done ? stamp : null,
      updated_at: stamp,
    });
  });

  function step(): boolean {
    const at = now();
    const job = one<JobRow>(db, NEXT_JOB, at.toISOString());
    if (!job) return false;
    try {
      runStep(job, at);
    } catch (error) {
      fail(job, error instanceof Error ? error.message : String(error), at);
    }
    return true;
  }

  async function tick(): Promise<void> {
    timer = null;
    if (!running) return;
    const worked = options.lock ? await options.lock.run(step) : step();
    if (!running) return;
    timer = setTimeout(() => void tick(), worked ? 0 : idleMs);
    timer.unref();
  }

  return {
    start() {
      if (running) return;
      running = true;
      timer = setTimeout(() => void tick(), 0);
      timer.unref();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
    },
    step,
    drain(limit = 10_000) {
      let count = 0;
      while (count < limit && step()) count += 1;
      return count;
    },
  };
}
