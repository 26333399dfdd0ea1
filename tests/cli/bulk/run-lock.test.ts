import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError, EXIT } from '../../../cli/errors/cli-error.js';
import { runsDir } from '../../../cli/bulk/journal.js';
import { acquireRunLock, lockFile } from '../../../cli/bulk/run-lock.js';
import type { Env } from '../../../cli/factory/factory.js';

// One process at a time sends a run's items (the run itself, or a resume).

function stateEnv(): Env {
  const env = { XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'edshed-lock-')) } as Env;
  mkdirSync(runsDir(env), { recursive: true });
  return env;
}

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

const refusal = (run: () => unknown): CliError => {
  try {
    run();
  } catch (error) {
    return error as CliError;
  }
  throw new Error('not refused');
};

describe('a run lock', () => {
  it('names its holder; a second taker is refused with exit 2 naming that process; released, it can be taken again', () => {
    const env = stateEnv();
    const lock = acquireRunLock(env, 'r1', 'runs resume', new Date('2026-11-02T10:00:00Z'));
    expect(JSON.parse(readFileSync(lockFile(env, 'r1'), 'utf8'))).toEqual({
      pid: process.pid,
      host: hostname(),
      command: 'runs resume',
      since: '2026-11-02T10:00:00.000Z',
    });
    const error = refusal(() => acquireRunLock(env, 'r1', 'runs resume'));
    expect(error).toBeInstanceOf(CliError);
    expect(error.exitCode).toBe(EXIT.usage);
    expect(error.message).toContain(
      `run r1 is in use by another process: pid ${process.pid} (edshed runs resume, since 2026-11-02T10:00:00.000Z)`,
    );
    expect(acquireRunLock(env, 'r2', 'notes create')).toBeDefined();
    lock.release();
    expect(existsSync(lockFile(env, 'r1'))).toBe(false);
    acquireRunLock(env, 'r1', 'runs resume').release();
  });

  it('takes over a lock whose process is dead, or that a crash left unreadable', () => {
    const env = stateEnv();
    const pid = deadPid();
    writeFileSync(
      lockFile(env, 'r1'),
      JSON.stringify({ pid, host: hostname(), command: 'notes create', since: '2026-11-02T10:00:00.000Z' }),
    );
    const lock = acquireRunLock(env, 'r1', 'runs resume');
    expect(JSON.parse(readFileSync(lockFile(env, 'r1'), 'utf8')).pid).toBe(process.pid);
    lock.release();
    writeFileSync(lockFile(env, 'r2'), '{"pid":');
    acquireRunLock(env, 'r2', 'runs resume').release();
    expect(existsSync(lockFile(env, 'r2'))).toBe(false);
  });

  it('refuses a lock held on another machine (its process cannot be checked from here)', () => {
    const env = stateEnv();
    writeFileSync(
      lockFile(env, 'r1'),
      JSON.stringify({ pid: deadPid(), host: 'elsewhere', command: 'runs resume', since: '2026-11-02T10:00:00.000Z' }),
    );
    expect(refusal(() => acquireRunLock(env, 'r1', 'runs resume')).message).toMatch(
      /in use by another process: pid \d+ on elsewhere/,
    );
  });

  it('leaves alone a lock taken over by another process since (release removes only its own)', () => {
    const env = stateEnv();
    const lock = acquireRunLock(env, 'r1', 'runs resume');
    const other = JSON.stringify({
      pid: deadPid(),
      host: hostname(),
      command: 'runs resume',
      since: '2026-11-02T11:00:00.000Z',
    });
    writeFileSync(lockFile(env, 'r1'), other);
    lock.release();
    expect(readFileSync(lockFile(env, 'r1'), 'utf8')).toBe(other);
  });
});
