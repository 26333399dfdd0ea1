import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, link, open, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { CliError, EXIT } from '../errors/cli-error.js';

/** How a file is written: its permission bits, and whether an existing file may be replaced. */
export interface FileWriteOptions {
  /** Narrowed by the umask, never widened: 0o600 stays private whatever the umask. */
  readonly mode: number;
  readonly force: boolean;
}

const codeOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;

/**
 * Checks, before any request, that `path` can be written: it must not exist (unless `force`, and never
 * as a directory) and its directory must exist and be writable. Exit 2 otherwise, naming the flag.
 *
 * @example
 * await checkOutputFile('pupils.csv', '--out', { force: false }); // throws when pupils.csv exists
 */
export async function checkOutputFile(path: string, flag: string, options: { readonly force: boolean }): Promise<void> {
  if (path === '') throw new CliError(`${flag}: give a file name; nothing was sent`, EXIT.usage);
  const existing = await stat(path).catch((error: unknown) => {
    if (codeOf(error) === 'ENOENT') return undefined;
    throw new CliError(
      `${flag} ${path}: cannot check it (${codeOf(error) ?? String(error)}); nothing was sent`,
      EXIT.usage,
    );
  });
  if (existing?.isDirectory())
    throw new CliError(`${flag} ${path}: is a directory; give a file name; nothing was sent`, EXIT.usage);
  if (existing && !options.force)
    throw new CliError(`${flag} ${path}: the file exists; pass --force to replace it; nothing was sent`, EXIT.usage);
  const dir = dirname(resolve(path));
  try {
    await access(dir, constants.W_OK);
  } catch (error) {
    const why = codeOf(error) === 'ENOENT' ? 'its directory does not exist' : 'its directory is not writable';
    throw new CliError(`${flag} ${path}: ${why} (${dir}); nothing was sent`, EXIT.usage);
  }
}

/**
 * Writes `content` to `path` so that `path` is never half-written: a temporary file in the same
 * directory gets the content and is flushed, then linked into place (which fails with EEXIST rather than
 * replace a file that appeared meanwhile) or, with `force`, renamed over it. The temporary file is
 * removed whatever happens. `content` may come in pieces (an iterable of strings), written as they come
 * so that a large file is never one string in memory.
 *
 * @example
 * await writeFileAtomic('engagement.csv', csv, { mode: 0o644, force: false });
 */
export async function writeFileAtomic(
  path: string,
  content: string | Iterable<string>,
  options: FileWriteOptions,
): Promise<void> {
  const temp = join(dirname(resolve(path)), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', options.mode);
  try {
    try {
      if (typeof content === 'string') await handle.writeFile(content, 'utf8');
      else await writePieces(handle, content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (options.force) await rename(temp, path);
    else await linkIntoPlace(temp, path);
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

/**
 * `writeFileAtomic` for a command's output file: a failure is a `CliError` naming the flag and the file.
 *
 * @example
 * await writeOutputFile('api.json', '--out', text, { mode: 0o644, force: false });
 */
export async function writeOutputFile(
  path: string,
  flag: string,
  content: string,
  options: FileWriteOptions,
): Promise<void> {
  try {
    await writeFileAtomic(path, content, options);
  } catch (error) {
    const code = codeOf(error);
    const why =
      code === 'EEXIST'
        ? 'a file of that name appeared meanwhile; pass --force to replace it'
        : `cannot write it (${code ?? String(error)})`;
    throw new CliError(`${flag} ${path}: ${why}; nothing was written`, EXIT.requestFailed);
  }
}

/** Pieces gathered to about 1 MiB a write: one write per piece would cost a system call each. */
async function writePieces(handle: FileHandle, pieces: Iterable<string>): Promise<void> {
  let batch: string[] = [];
  let size = 0;
  for (const piece of pieces) {
    batch.push(piece);
    size += piece.length;
    if (size >= 1 << 20) {
      await handle.write(batch.join(''), null, 'utf8');
      batch = [];
      size = 0;
    }
  }
  if (batch.length > 0) await handle.write(batch.join(''), null, 'utf8');
}

/** Links without replacing; where hard links are not supported, checks and renames instead. */
async function linkIntoPlace(temp: string, path: string): Promise<void> {
  try {
    await link(temp, path);
  } catch (error) {
    if (codeOf(error) === 'EEXIST') throw error;
    const exists = await stat(path).then(
      () => true,
      () => false,
    );
    if (exists) throw Object.assign(new Error(`EEXIST: file already exists, ${path}`), { code: 'EEXIST' });
    await rename(temp, path);
  }
}
