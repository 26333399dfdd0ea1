import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { journalItems, journals, notesApplied, notesFile } from '../helpers/bulk-run.js';
import { startSandboxProcess, startSignedInSandbox, type SandboxProcess } from '../helpers/sandbox-process.js';

// A run meets a server that is down (connection refused). An item whose request never reached
// the server is not a failure: a plain `runs resume` sends it, and every item is applied exactly once.

const ITEMS = 120;

/** Resolves once `pattern` shows in the child's stderr. */
function stderrShows(child: ReturnType<SandboxProcess['edshed']>, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (pattern.test(seen)) resolve();
    });
    void child.then(() => reject(new Error(`the run ended before ${String(pattern)}: ${seen}`)));
  });
}

describe('a bulk run through a server outage', () => {
  const started: SandboxProcess[] = [];
  afterAll(async () => {
    for (const sandbox of started) await sandbox.stop();
  });

  it(
    'leaves the items it could not send waiting, and a plain resume sends each exactly once',
    { timeout: 90_000 },
    async () => {
      const db = join(mkdtempSync(join(tmpdir(), 'edshed-outage-')), 'sandbox.db');
      const first = await startSignedInSandbox('superuser', ['--db', db, '--rate-limit', '1000000']);
      started.push(first);
      const port = new URL(first.url).port;
      const file = notesFile(first, 'outage.ndjson', ITEMS);
      const before = await notesApplied(first);

      // One at a time, slowly, so the outage comes mid-run and one item meets it three times in a row.
      const run = first.edshed(['notes', 'create', '--from', file, '--concurrency', '1', '--rate', '25']);
      const thirdRefusal = stderrShows(run, /pausing all requests for 2s/);
      let runId: string | undefined;
      while (runId === undefined || journalItems(first, runId).filter((o) => o.status === 'done').length < 20) {
        runId = journals(first)[0]?.replace(/\.jsonl$/, '');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await first.stop();
      await thirdRefusal;
      run.kill('SIGINT');
      const stopped = await run;
      expect(stopped.exitCode).toBe(130);
      expect(journalItems(first, runId).some((o) => o.status === 'failed')).toBe(false);

      const second = await startSandboxProcess(['--db', db, '--port', port, '--rate-limit', '1000000'], {
        dir: first.dir,
      });
      started.push(second);
      const resumed = await second.edshed(['runs', 'resume', runId]);
      expect(resumed.stderr).toMatch(
        new RegExp(`${ITEMS} done, 0 failed, 0 skipped \\(drift\\), 0 unknown of ${ITEMS}`),
      );
      expect(resumed.exitCode).toBe(0);
      expect((await notesApplied(second)) - before).toBe(ITEMS);
    },
  );
});
