import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { CliError, EXIT } from '../errors/cli-error.js';
import type { Env } from '../factory/factory.js';
import { runsDir } from './journal.js';

/** Who holds a run: written in the lock file, shown to a second process that wants the run. */
const holderSchema = z.object({
  pid: z.number().int().positive(),
  host: z.string(),
  command: z.string(),
  since: z.string(),
});
type Holder = z.infer<typeof holderSchema>;

/** A run's lock: held while a process sends the run's items (the first run, or a resume). */
export interface RunLock {
  /** Removes the lock file (once; a lock taken over since is left alone). */
  release(): void;
}

export const lockFile = (env: Env, runId: string): string => join(runsDir(env), `${runId}.lock`);

/** Whether a process of this machine is alive (EPERM: alive, someone else's). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): { readonly holder: Holder | undefined; readonly text: string } | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const parsed = holderSchema.safeParse(value);
  return { holder: parsed.success ? parsed.data : undefined, text };
}

/**
 * Takes a run's lock, so that two processes never send the same run's items at once (two `runs resume`
 * of one run, or a resume while the run itself still goes): the lock file is created exclusively and
 * names the process holding it. A lock whose process is dead (a crash, a SIGKILL) is taken over; one
 * held by a live process refuses with exit 2, naming it, before anything is sent.
 *
 * @example
 * const lock = acquireRunLock(c.env, '20261102-100000-8000', 'runs resume');
 * try { await send(); } finally { lock.release(); }
 */
export function acquireRunLock(env: Env, runId: string, command: string, now: Date = new Date()): RunLock {
  const file = lockFile(env, runId);
  const mine: Holder = { pid: process.pid, host: hostname(), command, since: now.toISOString() };
  const text = `${JSON.stringify(mine)}\n`;
  for (let attempt = 0; ; attempt += 1) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw lockError(file, runId, error);
      const seen = readHolder(file);
      if (seen === undefined) continue;
      const { holder } = seen;
      if (holder !== undefined && (holder.host !== mine.host || alive(holder.pid))) {
        const where = holder.host === mine.host ? '' : ` on ${holder.host}`;
        throw new CliError(
          `run ${runId} is in use by another process: pid ${holder.pid}${where} (edshed ${holder.command}, since ${holder.since}). ` +
            `Wait for it to end, or stop it; if no such process is running edshed, remove ${file}. Nothing was sent`,
          EXIT.usage,
        );
      }
      // Its process is gone (or the file is unreadable, cut short by a crash): take the lock over, unless
      // a third process did so meanwhile (the file changed since it was read).
      if (readHolder(file)?.text === seen.text) rmSync(file, { force: true });
      continue;
    }
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        if (readHolder(file)?.text === text) rmSync(file, { force: true });
      },
    };
  }
}

function lockError(file: string, runId: string, cause: unknown): CliError {
  if ((cause as NodeJS.ErrnoException).code === 'EEXIST') {
    return new CliError(
      `run ${runId} is in use by another process (its lock ${file} was taken meanwhile); nothing was sent`,
      EXIT.usage,
    );
  }
  return new CliError(`cannot lock run ${runId} (${file}): ${(cause as Error).message}; nothing was sent`, EXIT.usage);
}
