/**
 * The avatar image the sandbox draws for `GET users/{id}/avatar`: the platform renders the parts of the
 * user's avatar description (O §3); the sandbox has no part images, so it draws a figure in the
 * description's colours (or colours from the user's id) with the user's initials, at the size asked for.
 */
import { avatarDimensions } from '../../../core/domain/avatar.js';
import { findRow } from '../../kit/reach.js';
import type { Db } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';

const HUES = [210, 150, 30, 280, 0, 190, 50, 330];

function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => [...(word ?? '')][0]?.toUpperCase() ?? '').join('') || '?';
}

const escapeXml = (text: string): string => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The avatar of a user as a data URL of an SVG image (base64), sized as avatar size 1, 2 or 3 (O §9).
 *
 * @example
 * avatarImage({ id: 7, display_name: 'Ada Lovelace' }, 1) // 'data:image/svg+xml;base64,PHN2Zy...' (56x64, "AL")
 */
export function avatarImage(user: { readonly id: number; readonly display_name: string }, size?: number): string {
  const { width, height } = avatarDimensions(size);
  const hue = HUES[user.id % HUES.length] ?? 210;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 56 64">` +
    `<rect width="56" height="64" fill="hsl(${hue} 45% 88%)"/>` +
    `<circle cx="28" cy="24" r="13" fill="hsl(${hue} 35% 55%)"/>` +
    `<path d="M6 64c0-15 10-23 22-23s22 8 22 23z" fill="hsl(${hue} 35% 55%)"/>` +
    `<text x="28" y="28.5" font-family="sans-serif" font-size="11" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(initialsOf(user.display_name))}</text>` +
    '</svg>';
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The avatar image of user `id` (as the path gave it), or 404.
 *
 * @example
 * userAvatar(db, '12', 64); // '<svg ...>'
 */
export function userAvatar(db: Db, id: number | string, size?: number): string {
  return avatarImage(
    findRow<Pick<Row<'users'>, 'id' | 'display_name'>>(
      db,
      'User',
      'SELECT id, display_name FROM users WHERE id = ?',
      id,
    ),
    size,
  );
}
