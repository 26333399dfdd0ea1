/**
 * A new run's files before its first request: a Ctrl-C (or SIGTERM) while it still reads and checks
 * (the targets' states, the plan's warnings, the question) removes them and says nothing was sent, so no
 * half-made items file stays behind and no run is left that `runs resume` would send. The runner's own
 * handler (c.io.interrupts) takes over as the first request may go.
 */
import { rmSync } from 'node:fs';
import { EXIT } from '../errors/cli-error.js';
import type { Factory } from '../factory/factory.js';
import { itemsFile, journalFile } from './journal.js';
import { lockFile } from './run-lock.js';

/** Hands a run over to the runner's Ctrl-C: from then on an interrupted run is recorded and resumable. */
export interface BeforeSending {
  release(): void;
}

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Until `release()`, a signal removes the run's files (its items, half-made or whole, its journal and
 * lock) and exits 130 (143 for SIGTERM), saying nothing was sent.
 *
 * @example
 * const guard = stopBeforeSending(c, runId);
 * try { ... } finally { guard.release(); }
 */
export function stopBeforeSending(c: Factory, runId: string): BeforeSending {
  const stop = (signal: NodeJS.Signals): void => {
    const items = itemsFile(c.env, runId);
    for (const file of [`${items}.partial`, items, journalFile(c.env, runId), lockFile(c.env, runId)])
      rmSync(file, { force: true });
    c.io.stderr.write(
      `\nStopped (${signal === 'SIGINT' ? 'interrupted' : signal}) before sending anything: nothing was sent, and no run was started (nothing to resume).\n`,
    );
    process.exit(signal === 'SIGINT' ? EXIT.interrupted : 143);
  };
  for (const signal of SIGNALS) process.once(signal, stop);
  return {
    release: () => {
      for (const signal of SIGNALS) process.off(signal, stop);
    },
  };
}
