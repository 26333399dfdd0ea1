/** Nearest-word suggestions after a typo, apart from the command lists so any check may use them cheaply. */

/** Edit distance: insertions, deletions, substitutions and swaps of neighbours each cost one. */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => d[i]?.[j] ?? 0;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      (d[i] as number[])[j] = best;
    }
  }
  return at(a.length, b.length);
}

/**
 * The candidates nearest to a mistyped word (at most a third of its letters off, or starting with
 * it), nearest first; empty when none is near.
 *
 * @example
 * similarWords('exit-code', ['exit-codes', 'environment']); // ['exit-codes']
 */
export function similarWords(word: string, candidates: readonly string[]): string[] {
  const limit = Math.max(1, Math.floor(word.length / 3));
  return candidates
    .map((candidate) => ({ candidate, d: candidate.startsWith(word) ? 0 : distance(word, candidate) }))
    .filter(({ d }) => d <= limit)
    .sort((a, b) => a.d - b.d || a.candidate.localeCompare(b.candidate))
    .map(({ candidate }) => candidate);
}
