import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileErrorText } from '../../../core/node/file-error-text.js';

const failureOf = (read: () => unknown): unknown => {
  try {
    read();
  } catch (error) {
    return error;
  }
  throw new Error('expected the read to fail');
};

describe('fileErrorText', () => {
  it('says a missing file and a directory in words, keeping the code', () => {
    const dir = mkdtempSync(join(tmpdir(), 'edshed-file-error-'));
    expect(fileErrorText(failureOf(() => readFileSync(join(dir, 'nope.csv'))))).toBe('no such file (ENOENT)');
    expect(fileErrorText(failureOf(() => readFileSync(dir)))).toBe('is a directory (EISDIR)');
  });

  it('gives an unknown code as it is, and an error without a code as its text', () => {
    expect(fileErrorText(Object.assign(new Error('odd'), { code: 'EODD' }))).toBe('EODD');
    expect(fileErrorText(new Error('disk on fire'))).toBe('Error: disk on fire');
  });
});
