const WORDS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'is a directory',
  ENOTDIR: 'a parent in the path is not a directory',
  EEXIST: 'already exists',
  ENOSPC: 'no space left on the device',
  EROFS: 'read-only file system',
};

/**
 * Says why a file could not be read or written, in words a user knows, with the system's code kept for
 * searching: `no such file (ENOENT)`.
 *
 * @example
 * try { readFileSync('nope.csv'); } catch (error) { fileErrorText(error); } // 'no such file (ENOENT)'
 */
export function fileErrorText(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === undefined) return String(error);
  const words = WORDS[code];
  return words === undefined ? code : `${words} (${code})`;
}
