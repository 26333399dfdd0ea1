/**
 * Character references, for reading attribute values. Completeness is not a safety matter here: the
 * sanitiser re-encodes every `&` it emits, so a reference this does not know reaches the browser as plain
 * text, meaning what it meant to this code.
 */
const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  semi: ';',
  comma: ',',
  period: '.',
  sol: '/',
  bsol: '\\',
  lpar: '(',
  rpar: ')',
  excl: '!',
  quest: '?',
  num: '#',
  equals: '=',
  tab: '\t',
  newline: '\n',
  percnt: '%',
  plus: '+',
  lowbar: '_',
  hyphen: '-',
  dash: '-',
  commat: '@',
};

function fromCodePoint(code: number): string {
  const invalid = code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff);
  return invalid ? '\ufffd' : String.fromCodePoint(code);
}

/**
 * Decodes numeric references (`&#106;`, `&#x6A`, with or without `;`) and common named ones (`&colon;`).
 *
 * @example
 * decodeEntities('java&#x73;cript&colon;') // 'javascript:'
 * decodeEntities('a=1&amp;b=2')             // 'a=1&b=2'
 */
export function decodeEntities(text: string): string {
  return text.replace(
    /&(?:#[xX]([0-9a-fA-F]+);?|#([0-9]+);?|([A-Za-z][A-Za-z0-9]*);)/g,
    (whole, hex?: string, dec?: string, name?: string) => {
      if (hex !== undefined)
        return fromCodePoint(Number.parseInt(hex.slice(0, 8), 16) + (hex.length > 8 ? 0x110000 : 0));
      if (dec !== undefined) return fromCodePoint(dec.length > 8 ? 0x110000 : Number.parseInt(dec, 10));
      const named = name === undefined ? undefined : (NAMED[name] ?? NAMED[name.toLowerCase()]);
      return named ?? whole;
    },
  );
}

const ENCODED: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#39;',
  '<': '&lt;',
  '>': '&gt;',
};

/**
 * Encodes text for use inside a double-quoted attribute value or as element content.
 *
 * @example
 * encodeAttribute('/search?q="a"&b') // '/search?q=&quot;a&quot;&amp;b'
 */
export function encodeAttribute(text: string): string {
  return text.replace(/[&"'<>]/g, (char) => ENCODED[char] ?? char);
}
