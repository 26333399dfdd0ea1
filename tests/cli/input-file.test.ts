import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInputObject } from '../../cli/input/input-file.js';
import { jsonErrorPosition } from '../../cli/input/json-position.js';
import { fakeFactory } from '../helpers/fake-factory.js';

const dir = mkdtempSync(join(tmpdir(), 'edshed-input-'));
const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};

describe('--input files', () => {
  it('reads a JSON object from a file or standard input', async () => {
    expect(await readInputObject(file('ok.json', '{ "seats": 30, "ids": [1, 2] }'), fakeFactory().io)).toEqual({
      seats: 30,
      ids: [1, 2],
    });
    expect(await readInputObject('-', fakeFactory({ stdin: '{"a":"b"}' }).io)).toEqual({ a: 'b' });
  });

  it('reads a file that starts with a byte-order mark, as Notepad saves it', async () => {
    expect(await readInputObject(file('bom.json', '\uFEFF{"method":"bacs"}'), fakeFactory().io)).toEqual({
      method: 'bacs',
    });
  });

  it('names the file, line and column of bad JSON, on one line', async () => {
    const bad = file('bad.json', '{\n  "seats": 30,\n  "x": tru\n}\n');
    await expect(readInputObject(bad, fakeFactory().io)).rejects.toThrow(
      new RegExp(`^--input ${bad}: not valid JSON at line 3, column 8: expected a value$`),
    );
    const cut = file('cut.json', '{ "seats": 30');
    await expect(readInputObject(cut, fakeFactory().io)).rejects.toThrow(
      /cut\.json: not valid JSON at line 1, column 14: expected "," or "}"/,
    );
  });

  it('refuses a missing file and JSON that is not an object', async () => {
    await expect(readInputObject(join(dir, 'nope.json'), fakeFactory().io)).rejects.toThrow(
      /nope\.json: cannot read: no such file \(ENOENT\)/,
    );
    await expect(readInputObject(file('list.json', '[1]'), fakeFactory().io)).rejects.toThrow(/expected a JSON object/);
  });
});

describe('jsonErrorPosition', () => {
  it('accepts exactly what JSON.parse accepts on a range of texts', () => {
    const texts = [
      '{}',
      '[]',
      '"a\\u00e9"',
      '-0.5e+3',
      '{"a":[1,{"b":null}]}',
      '{"a":1,}',
      '[1 2]',
      '01',
      '"\\x"',
      '{"a" 1}',
      'true false',
      '',
      ' ',
      '"\t"',
      '[-]',
      '1.',
    ];
    for (const text of texts) {
      let valid = true;
      try {
        JSON.parse(text);
      } catch {
        valid = false;
      }
      expect(jsonErrorPosition(text) === undefined, text).toBe(valid);
    }
  });
});
