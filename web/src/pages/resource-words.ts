import { localeTable } from '../i18n/locale.js';

/** The resource page's words by locale. */
export const resourceWords = localeTable({
  free: 'Free resource',
  members: 'For members',
  fileCount: (count: number) => (count === 1 ? '1 file' : `${count} files`),
  about: 'About this resource',
  included: "What's included",
  noFiles: 'This resource has no files to download yet.',
  download: 'Download',
  open: 'Open',
  opening: 'Getting your file...',
  failed: (message: string) => `The file could not be fetched: ${message}`,
  categories: 'Find more in',
  related: 'Related resources',
  checking: 'Checking your membership...',
  signInFree: 'This resource is free: sign in to download it.',
  signInMembers: 'This resource is for members. Sign in to download it if you are one.',
  signIn: 'Sign in to download',
  join: 'Join to get this',
  joinText: 'This resource is part of a Literacy Shed membership. Join to download it and every other resource.',
  readyFree: 'Free to download: choose a file below.',
  readyMembers: 'Included in your membership: choose a file below.',
  files: 'Go to the files',
});

export type ResourceWords = ReturnType<typeof resourceWords>;

const TYPES: Readonly<Record<string, string>> = {
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'application/zip': 'ZIP',
};

/**
 * What kind of file it is, as a teacher would say it: from its type, else its name's extension.
 *
 * @example
 * fileType('application/pdf', 'owls.pdf') // 'PDF'
 * fileType(null, 'owls.key')              // 'KEY'
 */
export function fileType(mime: string | null | undefined, name: string): string {
  return (mime && TYPES[mime]) ?? /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toUpperCase() ?? 'File';
}

/**
 * A file size for people: kilobytes whole, megabytes to one decimal in the locale's way of writing them.
 * (Not Intl's unit style: making such a formatter loads the locale's unit data, a tenth of a second of a
 * phone's first view of a resource page.)
 *
 * @example
 * fileSize(4321, 'en-GB')      // '4 KB'
 * fileSize(2_500_000, 'en-ZA') // '2,5 MB'
 */
export function fileSize(bytes: number, language: string): string {
  if (bytes < 1_000_000) return `${Math.max(1, Math.round(bytes / 1000))} KB`;
  return `${(Math.round(bytes / 100_000) / 10).toLocaleString(language)} MB`;
}
