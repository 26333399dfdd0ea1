import { existsSync, readdirSync, statSync } from 'node:fs';
import type { Env } from '../factory/factory.js';
import { journalFile, runsDir } from './journal.js';
import { readJournal, type JournalState } from './journal-state.js';

/** A journaled run and when its journal last changed (a run still sending writes to it every few items). */
export interface RunEntry extends Pick<JournalState, 'header' | 'counts'> {
  readonly id: string;
  readonly modified: Date;
}

/**
 * The bulk runs journaled on this machine, newest first.
 *
 * @example
 * const runs = await listRuns(c.env); // [{ id: '20261102-100000-8000', header, counts, modified }]
 */
export async function listRuns(env: Env): Promise<RunEntry[]> {
  const dir = runsDir(env);
  const ids = existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.jsonl') && !name.endsWith('.items.jsonl'))
        .map((name) => name.slice(0, -'.jsonl'.length))
        .sort()
        .reverse()
    : [];
  const runs: RunEntry[] = [];
  for (const id of ids) {
    const { header, counts } = await readJournal(env, id);
    runs.push({ id, header, counts, modified: statSync(journalFile(env, id)).mtime });
  }
  return runs;
}
