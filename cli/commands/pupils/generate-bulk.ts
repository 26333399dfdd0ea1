/** `edshed pupils generate --from FILE --out FILE`: one generate per row, every row's passwords appended to one private file. */
import { appendFileSync, closeSync, fchmodSync, openSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { BulkCommand } from '../../bulk/bulk-command.js';
import { fixedColumns } from '../../bulk/columns.js';
import { issuesOf, missingIssues } from '../../bulk/row-issues.js';
import { CliError, EXIT } from '../../errors/cli-error.js';
import { parseWholeNumber } from '../../input/whole-number.js';
import type { CreatedPupil } from './credentials.js';
import { PUPILS_HEADER, pupilsOutFile } from './pupils-out-file.js';
import { MAX_GENERATE, runPupilsGenerate } from './generate.js';
import { meUser } from '../../read/records.js';
import { fileErrorText } from '../../../core/node/file-error-text.js';

/** One row: how many pupils, where. */
export interface GenerateRow {
  readonly amount: number;
  readonly school?: number | undefined;
  readonly group?: number | undefined;
}

const rowSchema = z.object({
  amount: z.number().int().positive(),
  school: z.number().int().positive().optional(),
  group: z.number().int().positive().optional(),
});

/**
 * The bulk form of `pupils generate`: columns amount, school, group (the flags are defaults). Rows run
 * one at a time: generating switches the school the session manages, so two rows must not overlap.
 * Each row goes through `runPupilsGenerate` with the row's key; its pupils and initial passwords are
 * appended to `out` (the `group` column holds the row's group id) as soon as the API answers.
 *
 * @example
 * await runBulk(c, { command: generateBulkCommand('passwords.csv', false), from: 'classes.csv', defaults: {}, ... });
 */
export function generateBulkCommand(outFile: string, force: boolean): BulkCommand<GenerateRow> {
  const out = resolve(outFile);
  const passwords = pupilsOutFile(out);
  // The lines of the rows that name no school (nor --school): a superuser's would fail one by one.
  const noSchool: number[] = [];
  return {
    name: 'pupils generate',
    resume: { kind: 'pupils generate', args: { out } },
    summary: `pupils and passwords appended to ${outFile}`,
    columns: fixedColumns({ required: ['amount'], optional: ['school', 'group'], given: (key) => `--${key}` }),
    // Two rows `30,1,` are two sets of 30 pupils: a file may well ask for that.
    creates: true,
    destructive: false,
    signedIn: true,
    maxConcurrency: 1,
    async prepare() {
      try {
        const fd = openSync(out, force ? 'w' : 'wx', 0o600);
        fchmodSync(fd, 0o600);
        appendFileSync(fd, PUPILS_HEADER);
        closeSync(fd);
      } catch (error) {
        throw new CliError(`--out ${outFile}: cannot create it: ${fileErrorText(error)}; nothing was sent`, EXIT.usage);
      }
    },
    // Staff may leave the school out (theirs is meant), a superuser may not: only users/me tells which,
    // so it is read only when some row names none, after every row passed its local checks.
    async preflight(c) {
      if (noSchool.length === 0) return undefined;
      const { username, superuser } = await meUser((await (await c.api()).me.show()).data);
      if (!superuser) return undefined;
      const message = 'none given; a superuser names the school of every row (a school column, or --school for all)';
      return {
        who: `${username ?? 'you'} (a superuser)`,
        read: 'GET users/me',
        issues: noSchool.map((line) => ({ line, column: 'school', message })),
      };
    },
    validate(values, { line }) {
      const missing = missingIssues(values, ['amount']);
      if (missing.length > 0) return { ok: false, issues: missing };
      const id = (key: 'school' | 'group') =>
        values[key] === undefined ? undefined : parseWholeNumber(String(values[key]), `--${key}`);
      try {
        const row = {
          amount: parseWholeNumber(String(values.amount), '--amount', { max: MAX_GENERATE }),
          school: id('school'),
          group: id('group'),
        };
        if (row.school === undefined) noSchool.push(line);
        return { ok: true, row };
      } catch (error) {
        return { ok: false, issues: issuesOf(error) };
      }
    },
    naturalKey: (row) => (row.school === undefined ? undefined : `school ${row.school}`),
    parse: (stored) => rowSchema.parse(stored),
    describe: (row) =>
      `${row.amount} pupils${row.school === undefined ? '' : ` in school ${row.school}`}${row.group === undefined ? '' : `, group ${row.group}`}`,
    async run(c, row, context) {
      const save = async (pupils: readonly CreatedPupil[]) => void passwords.append(pupils, row.group);
      const pupils = await runPupilsGenerate(c, {
        ...row,
        idempotencyKey: context.idempotencyKey,
        bulk: { runId: context.runId, save },
      });
      return {
        outcome: {
          status: 'done',
          http_status: null,
          message: `${pupils.length} pupils (ids ${pupils[0]?.id ?? '?'}-${pupils.at(-1)?.id ?? '?'})`,
          request_id: null,
        },
      };
    },
  };
}
