import { decodeEntities, encodeAttribute } from './html-entities.js';

/**
 * The tags the stripper keeps (O §5 does not list them; our choice: inline emphasis, paragraphs, headings,
 * lists, quotes and links). No attribute survives except a link's href, and only with a safe target.
 */
export const ALLOWED_HTML_TAGS = [
  'a',
  'b',
  'blockquote',
  'br',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'li',
  'ol',
  'p',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'u',
  'ul',
] as const;
export type AllowedHtmlTag = (typeof ALLOWED_HTML_TAGS)[number];

const ALLOWED = new Set<string>(ALLOWED_HTML_TAGS);
const VOID = new Set(['br', 'hr']);
/** Elements whose content is code or raw text: dropped with the element, up to its end tag. */
const DROP_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
  'textarea',
  'title',
  'xmp',
]);
const SPACE = /[\t\n\f\r ]/;

interface Tag {
  readonly name: string;
  readonly closing: boolean;
  readonly attributes: ReadonlyMap<string, string>;
  /** Index just past the tag's `>`. */
  readonly end: number;
}

/** Reads a tag starting at `<`, the way an HTML tokenizer does; undefined when the input ends inside it. */
function readTag(html: string, start: number): Tag | undefined {
  const closing = html[start + 1] === '/';
  let i = start + (closing ? 2 : 1);
  const nameStart = i;
  while (i < html.length && !SPACE.test(html[i] as string) && html[i] !== '/' && html[i] !== '>') i += 1;
  const name = html.slice(nameStart, i).toLowerCase();
  const attributes = new Map<string, string>();
  for (;;) {
    while (i < html.length && (SPACE.test(html[i] as string) || html[i] === '/')) i += 1;
    if (i >= html.length) return undefined;
    if (html[i] === '>') return { name, closing, attributes, end: i + 1 };
    const attrStart = i;
    i += 1; // a name may begin with '=' and is at least one character long
    while (i < html.length && !SPACE.test(html[i] as string) && !'/>='.includes(html[i] as string)) i += 1;
    const attrName = html.slice(attrStart, i).toLowerCase();
    while (i < html.length && SPACE.test(html[i] as string)) i += 1;
    let value = '';
    if (html[i] === '=') {
      i += 1;
      while (i < html.length && SPACE.test(html[i] as string)) i += 1;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        if (close < 0) return undefined;
        value = html.slice(i + 1, close);
        i = close + 1;
      } else {
        const valueStart = i;
        while (i < html.length && !SPACE.test(html[i] as string) && html[i] !== '>') i += 1;
        value = html.slice(valueStart, i);
      }
    }
    if (!attributes.has(attrName)) attributes.set(attrName, value);
  }
}

/** Where a comment, doctype or processing instruction starting at `<!` or `<?` ends. */
function skipMarkupDeclaration(html: string, start: number): number {
  if (html.startsWith('<!--', start)) {
    if (html.startsWith('<!-->', start)) return start + 5;
    if (html.startsWith('<!--->', start)) return start + 6;
    const ends = [html.indexOf('-->', start + 4), html.indexOf('--!>', start + 4)].filter((at) => at >= 0);
    if (ends.length === 0) return html.length;
    const at = Math.min(...ends);
    return at + (html.startsWith('-->', at) ? 3 : 4);
  }
  const close = html.indexOf('>', start + 2);
  return close < 0 ? html.length : close + 1;
}

/** Where the content of a dropped element ends: past its end tag, or the end of the input. */
function skipContent(html: string, from: number, name: string): number {
  const pattern = new RegExp(`</${name}(?=[\\t\\n\\f\\r />])`, 'gi');
  pattern.lastIndex = from;
  const found = pattern.exec(html);
  if (!found) return html.length;
  return readTag(html, found.index)?.end ?? html.length;
}

/**
 * C0 controls and spaces at either end of a link target, which the URL parser trims. A constant of its own so
 * the lint exception sits on one line that no formatter splits.
 */
// eslint-disable-next-line no-control-regex
const EDGE_CONTROLS = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;

/** A link target the browser cannot run: http(s), mailto, or a relative address. */
function safeHref(raw: string): string | undefined {
  // The URL parser drops tabs and newlines anywhere and trims C0 controls and spaces; do the same first,
  // so what is checked is what the browser would follow.
  const url = decodeEntities(raw)
    .replace(/[\t\n\r]/g, '')
    .replace(EDGE_CONTROLS, '');
  return /^(?:https?:|mailto:|[/?#])/i.test(url) ? url : undefined;
}

function openTag(tag: Tag): string {
  const href = tag.name === 'a' ? tag.attributes.get('href') : undefined;
  const safe = href === undefined ? undefined : safeHref(href);
  return safe === undefined ? `<${tag.name}>` : `<a href="${encodeAttribute(safe)}">`;
}

/**
 * Strips HTML down to an allow-list (O §5): allowed tags are rebuilt from scratch (no attribute but a safe
 * link href), every other tag and comment is removed (script, style and similar with their content), and
 * every other angle bracket is encoded, so the output holds no markup the list does not allow. Open tags are
 * closed and stray end tags dropped, so the fragment cannot restyle the page around it.
 *
 * @example
 * stripHtml('<p onclick="x()">Hi <script>alert(1)</script><b>there</b> 3 < 4</p>')
 * // '<p>Hi <b>there</b> 3 &lt; 4</p>'
 */
export function stripHtml(html: string): string {
  const input = html.replaceAll('\u0000', '');
  const out: string[] = [];
  const open: string[] = [];
  let i = 0;
  while (i < input.length) {
    const lt = input.indexOf('<', i);
    const textEnd = lt < 0 ? input.length : lt;
    if (textEnd > i) out.push(input.slice(i, textEnd).replaceAll('>', '&gt;'));
    if (lt < 0) break;
    const next = input[lt + 1] ?? '';
    const afterSlash = input[lt + 2] ?? '';
    if (next === '!' || next === '?' || (next === '/' && !/[A-Za-z]/.test(afterSlash))) {
      i = next === '/' && afterSlash === '>' ? lt + 3 : skipMarkupDeclaration(input, lt);
      continue;
    }
    if (!/[A-Za-z/]/.test(next)) {
      out.push('&lt;');
      i = lt + 1;
      continue;
    }
    const tag = readTag(input, lt);
    if (!tag) break; // the input ends inside a tag: a browser drops it too
    i = tag.end;
    if (!ALLOWED.has(tag.name)) {
      if (!tag.closing && DROP_CONTENT.has(tag.name)) i = skipContent(input, i, tag.name);
      continue;
    }
    if (VOID.has(tag.name)) {
      if (!tag.closing) out.push(`<${tag.name}>`);
    } else if (!tag.closing) {
      out.push(openTag(tag));
      open.push(tag.name);
    } else if (open.includes(tag.name)) {
      while (open.length > 0) {
        const name = open.pop() as string;
        out.push(`</${name}>`);
        if (name === tag.name) break;
      }
    }
  }
  while (open.length > 0) out.push(`</${open.pop() as string}>`);
  return out.join('');
}
