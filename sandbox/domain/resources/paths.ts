/**
 * Where the sandbox serves resource images and files, relative to its API base (`/api/` on the site):
 * the platform keeps them on a file host; the sandbox serves them itself, outside the endpoint table.
 */
export const MEDIA_PREFIX = 'media';

/**
 * The address of a resource's image `n` (1 the cover, 2 a look inside), as the seed stores it in `image`.
 *
 * @example
 * coverPath('kennings-poetry-unit', 1) // 'media/resources/kennings-poetry-unit/cover-1.svg'
 */
export function coverPath(urlKey: string, n: number): string {
  return `${MEDIA_PREFIX}/resources/${encodeURIComponent(urlKey)}/cover-${n}.svg`;
}

/**
 * The address of a file's bytes, before its signed query (`?disposition=&expires=&signature=`).
 *
 * @example
 * filePath(12, 'owls worksheet.pdf') // 'media/files/12/owls%20worksheet.pdf'
 */
export function filePath(fileId: number, name: string): string {
  return `${MEDIA_PREFIX}/files/${fileId}/${encodeURIComponent(name)}`;
}

/**
 * Whether a request path (no leading slash) is one of the media addresses.
 *
 * @example
 * isMediaPath('media/files/12/a.pdf') // true
 */
export function isMediaPath(path: string): boolean {
  return path.startsWith(`${MEDIA_PREFIX}/`);
}
