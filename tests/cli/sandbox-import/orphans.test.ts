import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeOrphans } from '../../../sandbox/db/copy/write-copy.js';

const dir = mkdtempSync(join(tmpdir(), 'edshed-orphans-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The id of a process that has ended (a child run to its end). */
const endedPid = (): number => Number(execFileSync(process.execPath, ['-p', 'process.pid'], { encoding: 'utf8' }));

describe('temporary copies a killed import left beside FILE', () => {
  it("removes those of a process that is gone, and leaves a running import's and other files alone", () => {
    const file = join(dir, 'copy.db');
    const dead = endedPid();
    const names = {
      orphan: `copy.db.import-${dead}.tmp`,
      orphanWal: `copy.db.import-${dead}.tmp-wal`,
      live: `copy.db.import-${process.pid}.tmp`,
      other: `other.db.import-${dead}.tmp`,
      unlike: 'copy.db.import-notes.txt',
    };
    for (const name of Object.values(names)) writeFileSync(join(dir, name), 'x');
    expect(removeOrphans(file).sort()).toEqual([names.orphan, names.orphanWal].sort());
    expect(existsSync(join(dir, names.orphan))).toBe(false);
    expect(existsSync(join(dir, names.orphanWal))).toBe(false);
    for (const kept of [names.live, names.other, names.unlike]) expect(existsSync(join(dir, kept))).toBe(true);
  });

  it('answers nothing removed for a folder that does not exist', () => {
    expect(removeOrphans(join(dir, 'absent', 'copy.db'))).toEqual([]);
  });
});
