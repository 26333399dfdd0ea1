import { closeSync, mkdtempSync, openSync, readFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendText } from '../../cli/write/append-text.js';

const fresh = () => join(mkdtempSync(join(tmpdir(), 'edshed-append-')), 'journal.jsonl');

describe('appending text to a file opened for appending', () => {
  it('appends after what the file holds, one write for a line', () => {
    const file = fresh();
    const fd = openSync(file, 'a');
    const calls: unknown[][] = [];
    const counting: typeof writeSync = ((...args: Parameters<typeof writeSync>) => {
      calls.push(args);
      return writeSync(...args);
    }) as typeof writeSync;
    appendText(fd, '{"id":1}\n', counting);
    appendText(fd, '{"id":2,"name":"Ærø Primary — Ōtautahi"}\n', counting);
    closeSync(fd);
    expect(readFileSync(file, 'utf8')).toBe('{"id":1}\n{"id":2,"name":"Ærø Primary — Ōtautahi"}\n');
    expect(calls).toHaveLength(2);
  });

  it('writes the rest after short writes, by bytes, so multi-byte text comes out whole', () => {
    const file = fresh();
    const fd = openSync(file, 'a');
    const text = 'Škola Ōtautahi — 42 £\n'.repeat(3);
    // A system that takes at most 5 bytes a call (a full disk, a signal): each call writes what it takes.
    const short: typeof writeSync = ((fd: number, data: string | NodeJS.ArrayBufferView, ...rest: unknown[]) => {
      const bytes =
        typeof data === 'string' ? Buffer.from(data) : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
      const offset = typeof data === 'string' ? 0 : ((rest[0] as number | undefined) ?? 0);
      const length =
        typeof data === 'string' ? bytes.length : ((rest[1] as number | undefined) ?? bytes.length - offset);
      return writeSync(fd, bytes, offset, Math.min(5, length));
    }) as typeof writeSync;
    appendText(fd, text, short);
    closeSync(fd);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});
