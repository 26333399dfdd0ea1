/**
 * A minimal PDF writer (PDF 1.4, the standard Helvetica fonts, text and filled rectangles): enough to make
 * the sandbox's resource files real documents a viewer opens, generated from data, byte for byte the same
 * every time.
 */

/** An RGB colour, each part 0-1. */
export type Rgb = readonly [number, number, number];

/** One page: its size in points and its drawing operations, in order. */
export interface PdfPage {
  readonly width: number;
  readonly height: number;
  readonly ops: readonly PdfOp[];
}

export type PdfOp =
  | {
      readonly kind: 'rect';
      readonly x: number;
      readonly y: number;
      readonly w: number;
      readonly h: number;
      readonly fill: Rgb;
    }
  | {
      readonly kind: 'line';
      readonly x1: number;
      readonly y1: number;
      readonly x2: number;
      readonly y2: number;
      readonly stroke: Rgb;
    }
  | {
      readonly kind: 'text';
      readonly x: number;
      readonly y: number;
      readonly size: number;
      readonly text: string;
      readonly bold?: boolean;
      readonly fill?: Rgb;
    };

export interface PdfDocument {
  readonly title: string;
  readonly subject: string;
  /** The document date (an ISO time), for the info dictionary. */
  readonly created: string;
  readonly pages: readonly PdfPage[];
}

const num = (value: number): string => String(Math.round(value * 100) / 100);
const colour = (rgb: Rgb): string => rgb.map(num).join(' ');

/**
 * Text as a PDF string literal in the fonts' WinAnsi encoding: accents folded away, curly quotes made
 * straight, anything else outside printable ASCII a `?`, and `\ ( )` escaped.
 *
 * @example
 * pdfString('Charlotte’s (Web)') // '(Charlotte\'s \\(Web\\))'
 */
export function pdfString(text: string): string {
  const ascii = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7e]/g, '?');
  return `(${ascii.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

function content(page: PdfPage): string {
  return page.ops
    .map((op) => {
      switch (op.kind) {
        case 'rect':
          return `${colour(op.fill)} rg ${num(op.x)} ${num(op.y)} ${num(op.w)} ${num(op.h)} re f`;
        case 'line':
          return `${colour(op.stroke)} RG 0.75 w ${num(op.x1)} ${num(op.y1)} m ${num(op.x2)} ${num(op.y2)} l S`;
        case 'text':
          return `BT /${op.bold ? 'F2' : 'F1'} ${num(op.size)} Tf ${colour(op.fill ?? [0.11, 0.14, 0.2])} rg ${num(op.x)} ${num(op.y)} Td ${pdfString(op.text)} Tj ET`;
      }
    })
    .join('\n');
}

function pdfDate(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `D:${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}Z`;
}

/**
 * The bytes of a PDF file: catalog, page tree, the two fonts, one content stream per page, the info
 * dictionary, and a cross-reference table with each object's exact offset.
 *
 * @example
 * const bytes = renderPdf({ title: 'Owls', subject: 'Worksheet', created: '2026-01-01T00:00:00Z', pages: [{ width: 595, height: 842, ops: [] }] });
 * bytes.subarray(0, 8).toString() // '%PDF-1.4'
 */
export function renderPdf(doc: PdfDocument): Buffer {
  const objects: string[] = [];
  const add = (body: string): number => objects.push(body);
  const catalog = add('');
  const pages = add('');
  const regular = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const bold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const kids = doc.pages.map((page) => {
    const stream = content(page);
    const contents = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    return add(
      `<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 ${num(page.width)} ${num(page.height)}] /Contents ${contents} 0 R ` +
        `/Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> >>`,
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pages} 0 R >>`;
  objects[pages - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  const date = pdfDate(doc.created);
  const info = add(
    `<< /Title ${pdfString(doc.title)} /Subject ${pdfString(doc.subject)} /Producer (EdShed sandbox) /CreationDate (${date}) /ModDate (${date}) >>`,
  );
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = objects.map((body, i) => {
    const at = Buffer.byteLength(out, 'latin1');
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * Splits text into lines of at most `max` characters, at spaces (a longer word stands on its own line).
 *
 * @example
 * wrapWords('The Lighthouse Keeper: Narrative Writing Unit', 20) // ['The Lighthouse', 'Keeper: Narrative', 'Writing Unit']
 */
export function wrapWords(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (line !== '' && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}
