import { statSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Whether two paths name one file: the same once resolved (`payments.csv`, `./payments.csv`), or, both
 * existing, the same file on disk (a link to it). Standard input (`-`) is no file.
 *
 * @example
 * sameFile('payments.csv', './payments.csv') // true
 */
export function sameFile(a: string, b: string): boolean {
  if (a === '-' || b === '-') return false;
  if (resolve(a) === resolve(b)) return true;
  try {
    const [x, y] = [statSync(a), statSync(b)];
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
}
