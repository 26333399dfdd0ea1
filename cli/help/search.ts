/** What `edshed endpoints --search` looks at in a row. */
export interface Searchable {
  readonly command: string;
  readonly method: string;
  readonly path: string;
  readonly summary: string;
}

/** Points a search word earns by where it matches best. */
const POINTS = { commandWord: 4, command: 3, path: 2, elsewhere: 1 } as const;
/** Added when the search words are the words of the command, its noun or its verb, in any order. */
const EXACT = 100;

/** `invoices mark-paid` -> its whole words: `invoices`, `mark-paid`, `mark`, `paid`. */
function commandWords(command: string): Set<string> {
  return new Set([...command.split(' '), ...command.split(/[ -]/)]);
}

/**
 * How well a row matches every search word (higher is better), or undefined when some word matches
 * nowhere. A word that is a whole word of the command earns most, then part of the command, then the
 * path, then the method or summary; a search that is the command, its noun or its verb earns a bonus.
 *
 * @example
 * searchScore({ command: 'invoices mark-paid', method: 'POST', path: 'superuser/invoices/{id}/paid', summary: '' }, ['paid', 'mark']); // 108
 */
export function searchScore(row: Searchable, words: readonly string[]): number | undefined {
  const command = row.command.toLowerCase();
  const whole = commandWords(command);
  const path = row.path.toLowerCase();
  const rest = `${row.method} ${row.summary}`.toLowerCase();
  let score = 0;
  for (const word of words) {
    if (whole.has(word)) score += POINTS.commandWord;
    else if (command.includes(word)) score += POINTS.command;
    else if (path.includes(word)) score += POINTS.path;
    else if (rest.includes(word)) score += POINTS.elsewhere;
    else return undefined;
  }
  const searched = wordKey(words.flatMap((word) => word.split('-')));
  const exact = [command, ...command.split(' ')].some((part) => wordKey(part.split(/[ -]/)) === searched);
  return score + (exact ? EXACT : 0);
}

/** The same key for the same words in any order. */
function wordKey(words: readonly string[]): string {
  return [...new Set(words)].sort().join(' ');
}

/** Words of the command that no search word names: fewer means a closer match. */
function unmatchedWords(command: string, words: readonly string[]): number {
  const named = new Set(words.flatMap((word) => word.split('-')));
  return command
    .toLowerCase()
    .split(/[ -]/)
    .filter((part) => !named.has(part)).length;
}

/**
 * The rows that match every word of the search text, in any order, over command, method, path and
 * summary; best first (see `searchScore`), then closest command, then table order.
 *
 * @example
 * rankBySearch(ENDPOINTS, 'mark paid')[0].command; // 'invoices mark-paid'
 */
export function rankBySearch<T extends Searchable>(rows: readonly T[], text: string): T[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows
    .flatMap((row, index) => {
      const score = searchScore(row, words);
      return score === undefined ? [] : [{ row, index, score, unmatched: unmatchedWords(row.command, words) }];
    })
    .sort((a, b) => b.score - a.score || a.unmatched - b.unmatched || a.index - b.index)
    .map(({ row }) => row);
}
