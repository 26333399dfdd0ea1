import type { ResourceLook } from './look.js';
import { wrapWords } from './pdf.js';

/** Cover images are 640 x 400 (8:5, the site's tile and page image shape). */
export const COVER_WIDTH = 640;
export const COVER_HEIGHT = 400;
/** How many images each resource has: the cover, then a look inside. */
export const COVER_COUNT = 2;

const FONT = 'Segoe UI, Roboto, Helvetica Neue, Arial, Liberation Sans, DejaVu Sans, sans-serif';

/**
 * Text made safe inside an SVG (XML) element or attribute.
 *
 * @example
 * xmlText('Tom & "Jerry" <3') // 'Tom &amp; &quot;Jerry&quot; &lt;3'
 */
export function xmlText(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

/** The title in at most four lines, the font shrinking for long titles; a longer one ends in an ellipsis. */
function titleLines(subject: string): { lines: string[]; size: number } {
  for (const [size, max] of [
    [48, 20],
    [40, 25],
    [34, 30],
  ] as const) {
    const lines = wrapWords(subject, max);
    if (lines.length <= 3) return { lines, size };
  }
  const lines = wrapWords(subject, 30);
  return { lines: [...lines.slice(0, 3), `${lines[3] ?? ''}…`], size: 34 };
}

function pill(text: string, x: number, y: number, fill: string, ink: string): string {
  const width = Math.round(text.length * 9 + 32);
  return (
    `<rect x="${x}" y="${y}" width="${width}" height="34" rx="17" fill="${fill}"/>` +
    `<text x="${x + 16}" y="${y + 23}" font-size="17" font-weight="700" fill="${ink}">${xmlText(text)}</text>`
  );
}

function front(look: ResourceLook): string {
  const { lines, size } = titleLines(look.subject);
  const top = 118 + size * 0.2;
  const title = lines
    .map((line, i) => `<tspan x="40" y="${Math.round(top + i * size * 1.12)}">${xmlText(line)}</tspan>`)
    .join('');
  return (
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="${look.colour}"/>` +
    '<circle cx="585" cy="45" r="150" fill="#fff" fill-opacity=".09"/><circle cx="620" cy="380" r="95" fill="#fff" fill-opacity=".07"/>' +
    `<text x="40" y="66" font-size="19" font-weight="700" letter-spacing="1.5" fill="#fff" fill-opacity=".92">${xmlText(look.format.toUpperCase())}</text>` +
    `<text font-size="${size}" font-weight="800" fill="#fff">${title}</text>` +
    (look.ageBand ? pill(look.ageBand, 40, 326, '#fff', look.colour) : '') +
    `<text x="600" y="350" text-anchor="end" font-size="17" font-weight="700" fill="#fff" fill-opacity=".85">Literacy Shed</text>`
  );
}

function inside(look: ResourceLook): string {
  const wrapped = wrapWords(look.subject, 26);
  const lines = wrapped.length > 2 ? [wrapped[0] as string, `${wrapped[1] as string}…`] : wrapped;
  const subject = lines.map((line, i) => `<tspan x="196" y="${90 + i * 22}">${xmlText(line)}</tspan>`).join('');
  const bars = [250, 210, 236, 180, 244, 120, 226, 200]
    .map((w, i) => `<rect x="196" y="${162 + i * 26}" width="${w}" height="9" rx="4" fill="#d8dee9"/>`)
    .join('');
  return (
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="#eef2f7"/>` +
    `<rect x="170" y="28" width="300" height="400" rx="6" fill="#fff" stroke="#d8dee9"/>` +
    `<rect x="170" y="28" width="300" height="112" rx="6" fill="${look.colour}"/><rect x="170" y="116" width="300" height="24" fill="${look.colour}"/>` +
    `<text x="196" y="62" font-size="13" font-weight="700" letter-spacing="1" fill="#fff">${xmlText(look.type.toUpperCase())}</text>` +
    `<text font-size="18" font-weight="800" fill="#fff">${subject}</text>` +
    bars +
    (look.ageBand ? pill(look.ageBand, 24, 344, look.colour, '#fff') : '')
  );
}

/**
 * A resource's image `n` (1: the cover, in its category's colour with its format, title and age band;
 * 2: a page of the resource seen inside) as an SVG document. Every text from the data is XML-escaped.
 *
 * @example
 * coverSvg(look, 1).startsWith('<svg') // true
 */
export function coverSvg(look: ResourceLook, n: number): string {
  const body = n === 1 ? front(look) : inside(look);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}" ` +
    `role="img" font-family="${FONT}"><title>${xmlText(look.title)}</title>${body}</svg>`
  );
}
