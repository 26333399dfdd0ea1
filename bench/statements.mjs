// What bench/statement-memory and bench/direct-check share: bank statements of a given size made from the
// sandbox's own (`edshed sandbox statement`), their rows repeated with a running number in the text, and
// the statement line limit. Not a bench itself (no .bench.mjs suffix).
import { createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** MAX_STATEMENT_LINES of core/domain/reconcile/limits.ts. */
export const STATEMENT_LIMIT = Number(
  /MAX_STATEMENT_LINES = ([\d_]+)/
    .exec(readFileSync(new URL('../core/domain/reconcile/limits.ts', import.meta.url), 'utf8'))?.[1]
    .replaceAll('_', ''),
);

/** The CLI's arguments (after bin/edshed.cjs) for reconciling `file`, its plan saved to `plan`. */
export const reconcileArgs = (file, plan) => ['invoices', 'reconcile', file, '--plan', plan];

/**
 * The header and rows of a 5,000-line `edshed sandbox statement --seed 7` of the signed-in sandbox
 * (fewer when its open invoices run out); `edshed(args)` runs the CLI signed in.
 */
export function sandboxStatementRows(edshed, dir) {
  const base = join(dir, 'base.csv');
  const made = edshed(['sandbox', 'statement', '--seed', '7', '--lines', '5000', '--out', base]);
  if (made.status !== 0) throw new Error(`sandbox statement: ${made.stderr}`);
  const all = readFileSync(base, 'utf8')
    .split('\n')
    .filter((row) => row !== '');
  const at = all.findIndex((row) => row.startsWith('Date,'));
  const [header, ...rows] = all.slice(at);
  return { header, rows };
}

/** Writes `rows` repeated (a running number added to the text) until the file has `bytes` bytes or `lines` rows; the rows written. */
export async function writeStatement(file, header, rows, { bytes = Infinity, lines = Infinity }) {
  const stream = createWriteStream(file);
  let size = header.length + 1;
  let count = 0;
  stream.write(`${header}\n`);
  for (let round = 1; size < bytes && count < lines; round += 1) {
    let chunk = '';
    for (const row of rows) {
      if (size >= bytes || count >= lines) break;
      // The running number opens the text cell (the second; inside its quotes when quoted).
      const text = `${row.replace(/^([^,]*,)(")?/, `$1$2R${round} `)}\n`;
      chunk += text;
      size += text.length;
      count += 1;
    }
    if (!stream.write(chunk)) await new Promise((done) => stream.once('drain', done));
  }
  await new Promise((done) => stream.end(done));
  return count;
}
