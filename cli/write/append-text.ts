import { writeSync } from 'node:fs';

/**
 * Appends `text` to a file opened for appending (`openSync(file, 'a')`), in one `write` when the system
 * takes it whole (as it does for a line of a regular file: O_APPEND keeps each write together even when
 * other processes append too), and the rest after a short write. `fs.appendFileSync` does the same
 * through more layers: a bulk run appends a journal and an audit line an item (bench/README.md).
 *
 * @example
 * appendText(fd, `${JSON.stringify(entry)}\n`);
 */
export function appendText(fd: number, text: string, write: typeof writeSync = writeSync): void {
  const written = write(fd, text);
  const length = Buffer.byteLength(text);
  if (written === length) return;
  const bytes = Buffer.from(text);
  for (let at = written; at < length;) at += write(fd, bytes, at, length - at);
}
