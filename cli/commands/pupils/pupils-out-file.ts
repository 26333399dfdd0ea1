/** The passwords file of `pupils generate --from FILE --out FILE`: every row's pupils, each exactly once. */
import {
  appendFileSync,
  closeSync,
  fchmodSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
} from 'node:fs';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { NEUTRAL_CSV } from '../../output/formula.js';
import { credentialRows, PUPIL_FIELDS, type CreatedPupil } from './credentials.js';

/** The file's first line. */
export const PUPILS_HEADER = `${PUPIL_FIELDS.join(',')}\n`;

/** Appends pupils to one passwords file, leaving out those it already lists. */
export interface PupilsOutFile {
  /** Appends the pupils the file does not list yet (by id); returns how many were new. */
  append(pupils: readonly CreatedPupil[], group: number | undefined): number;
}

/**
 * The passwords file of a run (or a resume of it). A row's pupils are appended before its outcome is
 * journaled, so a kill between the two sends the row again, and the API's replayed answer names the
 * same pupils: they are appended only if the file does not hold them already. On first use the file is
 * read once for the pupil ids it holds, after a line a kill cut short is cut off (its pupil is then
 * written whole from the replay). So after any kill and resume the file lists each pupil once.
 *
 * @example
 * const file = pupilsOutFile('/tmp/passwords.csv');
 * file.append(pupils, 5); // 30 (a replay of the same answer later: 0)
 */
export function pupilsOutFile(out: string): PupilsOutFile {
  let listed: Set<number> | undefined;
  return {
    append(pupils, group) {
      const fd = openSync(out, 'a+', 0o600);
      try {
        fchmodSync(fd, 0o600);
        listed ??= listedIds(out, fd);
        const fresh = pupils.filter((pupil) => !listed?.has(pupil.id));
        if (fresh.length === 0) return 0;
        const header = fstatSync(fd).size === 0 ? PUPILS_HEADER : '';
        const rows = credentialRows(fresh, { withPasswords: true, group: group === undefined ? '' : String(group) });
        // One write, flushed to disk before the caller journals the row done.
        appendFileSync(fd, header + stringify(rows, { columns: [...PUPIL_FIELDS], ...NEUTRAL_CSV }));
        fsyncSync(fd);
        for (const pupil of fresh) listed.add(pupil.id);
        return fresh.length;
      } finally {
        closeSync(fd);
      }
    },
  };
}

/** The pupil ids the file lists, once any last line without its newline (a write a kill cut short) is cut off. */
function listedIds(out: string, fd: number): Set<number> {
  const text = readFileSync(out, 'utf8');
  const whole = text.endsWith('\n') || text === '' ? text : text.slice(0, text.lastIndexOf('\n') + 1);
  if (whole.length !== text.length) ftruncateSync(fd, Buffer.byteLength(whole));
  const records = parse(whole, { columns: true, skip_empty_lines: true, relax_column_count: true }) as Record<
    string,
    string
  >[];
  return new Set(records.map((record) => Number(record.id)).filter((id) => Number.isInteger(id)));
}
