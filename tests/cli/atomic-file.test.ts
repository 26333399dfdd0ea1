import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError } from '../../cli/errors/cli-error.js';
import { checkOutputFile, writeFileAtomic } from '../../cli/write/atomic-file.js';

const fresh = () => mkdtempSync(join(tmpdir(), 'edshed-atomic-'));

describe('writing an output file atomically', () => {
  it('writes the content with the mode asked for and leaves no temporary file', async () => {
    const dir = fresh();
    await writeFileAtomic(join(dir, 'pupils.csv'), 'username,password\na,b\n', { mode: 0o600, force: false });
    expect(readFileSync(join(dir, 'pupils.csv'), 'utf8')).toBe('username,password\na,b\n');
    expect(statSync(join(dir, 'pupils.csv')).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['pupils.csv']);
  });

  it('never replaces a file that exists without force (EEXIST), and removes its temporary file', async () => {
    const dir = fresh();
    const file = join(dir, 'engagement.csv');
    writeFileSync(file, 'theirs\n');
    await expect(writeFileAtomic(file, 'ours\n', { mode: 0o644, force: false })).rejects.toMatchObject({
      code: 'EEXIST',
    });
    expect(readFileSync(file, 'utf8')).toBe('theirs\n');
    expect(readdirSync(dir)).toEqual(['engagement.csv']);
    await writeFileAtomic(file, 'ours\n', { mode: 0o644, force: true });
    expect(readFileSync(file, 'utf8')).toBe('ours\n');
    expect(readdirSync(dir)).toEqual(['engagement.csv']);
  });

  it('checks before any request: an existing file (without --force), a directory, a missing directory', async () => {
    const dir = fresh();
    writeFileSync(join(dir, 'taken.csv'), '');
    mkdirSync(join(dir, 'folder'));
    const refusal = (path: string, force = false) =>
      checkOutputFile(path, '--out', { force }).then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(await refusal(join(dir, 'new.csv'))).toBeUndefined();
    expect(await refusal(join(dir, 'taken.csv'), true)).toBeUndefined();
    for (const [path, message] of [
      [join(dir, 'taken.csv'), /the file exists; pass --force/],
      [join(dir, 'folder'), /is a directory/],
      [join(dir, 'missing', 'x.csv'), /its directory does not exist/],
      ['', /--out: give a file name/],
    ] as const) {
      const error = await refusal(path);
      expect(error).toBeInstanceOf(CliError);
      expect(error).toMatchObject({ exitCode: 2 });
      expect((error as Error).message).toMatch(message);
    }
  });
});
