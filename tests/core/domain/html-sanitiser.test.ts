import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALLOWED_HTML_TAGS, stripHtml } from '../../../core/domain/html-sanitiser.js';
import { decodeEntities } from '../../../core/domain/html-entities.js';

const VECTORS = readFileSync(new URL('../../fixtures/xss-vectors.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '');

const SIMPLE = ALLOWED_HTML_TAGS.filter((tag) => tag !== 'a').join('|');
/** The only markup the output may hold: an allowed tag with no attribute, or a link with one quoted href. */
const TAG_AT = new RegExp(`^<(?:/?(?:${SIMPLE}|a)|a href="([^"<>]*)")>`);

/** Every `<` opens an allowed tag; returns the hrefs, or throws naming the offending markup. */
function markupOf(output: string): string[] {
  const hrefs: string[] = [];
  for (let at = output.indexOf('<'); at >= 0; at = output.indexOf('<', at + 1)) {
    const match = TAG_AT.exec(output.slice(at));
    if (!match) throw new Error(`unexpected markup at ${at}: ${output.slice(at, at + 40)}`);
    if (match[1] !== undefined) hrefs.push(decodeEntities(match[1]));
  }
  return hrefs;
}

function assertSafe(output: string): void {
  expect(output).not.toMatch(/<\s*script/i);
  expect(output).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
  const hrefs = markupOf(output);
  for (const href of hrefs) {
    expect(href).not.toMatch(/^\s*(?:javascript|data|vbscript):/i);
    expect(href).toMatch(/^(?:https?:|mailto:|[/?#])/i);
  }
}

describe('stripHtml against the XSS corpus', () => {
  it('has at least 100 vectors', () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(100);
  });

  it.each(VECTORS.map((vector, index) => [index + 1, vector]))(
    'vector %i leaves no script, handler, unsafe URL or unknown tag',
    (_line, vector) => {
      assertSafe(stripHtml(vector as string));
    },
  );
});

describe('stripHtml keeps allowed markup', () => {
  it.each([
    ['<p>Hello <b>bold</b> and <em>em</em></p>', '<p>Hello <b>bold</b> and <em>em</em></p>'],
    ['<P CLASS="x" onclick="y()">Hi</P>', '<p>Hi</p>'],
    ['line<br/>break<BR>again<hr />', 'line<br>break<br>again<hr>'],
    ['<ul><li>one</li><li>two</li></ul>', '<ul><li>one</li><li>two</li></ul>'],
    [
      '<a href="https://example.com/x?a=1&amp;b=2" target="_blank">go</a>',
      '<a href="https://example.com/x?a=1&amp;b=2">go</a>',
    ],
    ['<a href="/browse/poetry-shed">poetry</a>', '<a href="/browse/poetry-shed">poetry</a>'],
    ['<a href="mailto:help@example.com">mail</a>', '<a href="mailto:help@example.com">mail</a>'],
    ["<a href='#top'>top</a>", '<a href="#top">top</a>'],
  ])('%s', (input, expected) => {
    expect(stripHtml(input)).toBe(expected);
  });
});

describe('stripHtml removes and encodes everything else', () => {
  it.each([
    ['3 < 4 and 5 > 2', '3 &lt; 4 and 5 &gt; 2'],
    ['<< double', '&lt;&lt; double'],
    ['a <1 b', 'a &lt;1 b'],
    ['<script>alert(1)</script>after', 'after'],
    ['<style>p{color:red}</style>text', 'text'],
    ['<textarea><b>x</b></textarea>y', 'y'],
    ['<div><span>kept text</span></div>', '<span>kept text</span>'],
    ['<img src=x onerror=alert(1)>caption', 'caption'],
    ['<!-- comment <script>alert(1)</script> -->visible', 'visible'],
    ['<!DOCTYPE html>doc', 'doc'],
    ['</>empty end', 'empty end'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="jav&#x61;script:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,hi">x</a>', '<a>x</a>'],
    ['<script>never closed', ''],
    ['<img src=x onerror=alert(1)', ''],
    ['before\u0000<scr\u0000ipt>alert(1)</script>', 'before'],
    ['&lt;script&gt; stays text', '&lt;script&gt; stays text'],
  ])('%s', (input, expected) => {
    expect(stripHtml(input)).toBe(expected);
  });

  it('treats tabs, newlines and form feeds inside a tag as attribute separators', () => {
    expect(stripHtml('<em\nonclick=alert(1)>x</em>')).toBe('<em>x</em>');
    expect(stripHtml('<script\n>alert(1)</script\n>ok')).toBe('ok');
  });

  it('closes open tags and drops stray end tags', () => {
    expect(stripHtml('<b>bold <i>both')).toBe('<b>bold <i>both</i></b>');
    expect(stripHtml('</b>text</p>')).toBe('text');
    expect(stripHtml('<b><i>x</b>y</i>')).toBe('<b><i>x</i></b>y');
  });
});

describe('stripHtml properties', () => {
  const piece = fc.constantFrom(
    '<',
    '>',
    '</',
    '/',
    '=',
    '"',
    "'",
    ' ',
    '\n',
    '\t',
    '&',
    '#',
    ';',
    '!--',
    '-->',
    '<!',
    '<?',
    'a',
    'b',
    'p',
    'br',
    'script',
    'style',
    'img',
    'svg',
    'iframe',
    'textarea',
    'href',
    'src',
    'onclick',
    'onerror',
    'javascript:',
    'data:',
    'JaVaScRiPt&#58;',
    '&#x6a;',
    '&colon;',
    'http://x',
    '/ok',
    'alert(1)',
    'text',
  );
  const htmlish = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));

  it('never emits markup outside the allow-list, for any input', () => {
    fc.assert(
      fc.property(fc.oneof(htmlish, fc.string()), (input) => assertSafe(stripHtml(input))),
      { numRuns: 3000 },
    );
  });

  it('is idempotent: stripping its own output changes nothing', () => {
    fc.assert(
      fc.property(fc.oneof(htmlish, fc.string()), (input) => {
        const once = stripHtml(input);
        expect(stripHtml(once)).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });
});
