import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CreatedPupil } from '../../cli/commands/pupils/credentials.js';
import { PUPILS_HEADER, pupilsOutFile } from '../../cli/commands/pupils/pupils-out-file.js';

const pupil = (id: number): CreatedPupil => ({
  id,
  username: `p${id}.pupil`,
  password: `pw${id}word`,
  school_id: 1,
  school_username: `p${id}`,
  display_name: `Pupil ${id}`,
});

describe('the passwords file of pupils generate --from', () => {
  it("appends a replayed answer's pupils only once, in this process and in a resume's", () => {
    const out = join(mkdtempSync(join(tmpdir(), 'edshed-out-')), 'passwords.csv');
    expect(pupilsOutFile(out).append([pupil(1), pupil(2)], 5)).toBe(2);
    const resumed = pupilsOutFile(out);
    expect(resumed.append([pupil(1), pupil(2)], 5)).toBe(0);
    expect(resumed.append([pupil(3)], undefined)).toBe(1);
    const lines = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(lines[0]).toBe(PUPILS_HEADER.trimEnd());
    expect(lines.slice(1).map((line) => line.split(',').at(-1))).toEqual(['1', '2', '3']);
    expect(statSync(out).mode & 0o777).toBe(0o600);
  });

  it('cuts off a last line a kill left half written, and writes that pupil whole from the replay', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'edshed-out-')), 'passwords.csv');
    pupilsOutFile(out).append([pupil(1)], undefined);
    writeFileSync(out, `${readFileSync(out, 'utf8')}p2.pupil,pw2wo`, { flag: 'w' });
    expect(pupilsOutFile(out).append([pupil(1), pupil(2)], undefined)).toBe(1);
    const lines = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('p2.pupil,pw2word,1,p2,Pupil 2,,2');
  });
});
