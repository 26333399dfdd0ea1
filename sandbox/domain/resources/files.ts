import type { ResourceLook } from './look.js';
import { rgbOf } from './look.js';
import { renderPdf, wrapWords, type PdfOp, type PdfPage, type Rgb } from './pdf.js';
import type { ResourceFileKind } from '../../../core/domain/accounts.js';

/**
 * The kinds of file a seeded resource holds, each a small PDF generated from the resource: a planning
 * pack (A4), teaching slides (16:9) and a worksheet (A4). `document` is a file of a database seeded
 * before the kinds existed: a one-page summary.
 */
export const FILE_KINDS = {
  planning: { suffix: 'planning-pack', label: 'Planning pack' },
  slides: { suffix: 'slides', label: 'Teaching slides' },
  worksheet: { suffix: 'worksheet', label: 'Worksheet' },
  document: { suffix: 'document', label: 'Document' },
} as const satisfies Record<ResourceFileKind, { readonly suffix: string; readonly label: string }>;
export type FileKind = ResourceFileKind;

export const PDF_MIME = 'application/pdf';

/**
 * The file name of a resource's file of a kind.
 *
 * @example
 * fileName('kennings-poetry-unit', 'slides') // 'kennings-poetry-unit-slides.pdf'
 */
export function fileName(urlKey: string, kind: FileKind): string {
  return `${urlKey}-${FILE_KINDS[kind].suffix}.pdf`;
}

/**
 * The kind a stored kind names (anything unknown is a `document`).
 *
 * @example
 * fileKindOf('slides') // 'slides'
 */
export function fileKindOf(kind: string | null | undefined): FileKind {
  return kind !== null && kind !== undefined && kind in FILE_KINDS ? (kind as FileKind) : 'document';
}

const A4 = { width: 595, height: 842 } as const;
const SLIDE = { width: 960, height: 540 } as const;
const WHITE: Rgb = [1, 1, 1];
const INK: Rgb = [0.11, 0.14, 0.2];
const MUTED: Rgb = [0.35, 0.4, 0.47];
const RULE: Rgb = [0.75, 0.79, 0.85];

function textLines(
  lines: readonly string[],
  x: number,
  top: number,
  size: number,
  options: { bold?: boolean; fill?: Rgb; leading?: number } = {},
): PdfOp[] {
  const leading = options.leading ?? size * 1.35;
  return lines.map((text, i) => ({
    kind: 'text',
    x,
    y: top - i * leading,
    size,
    text,
    ...(options.bold ? { bold: true } : {}),
    ...(options.fill ? { fill: options.fill } : {}),
  }));
}

/** The coloured band at the top of an A4 page: the format, then the subject. */
function a4Header(look: ResourceLook, heading: string): PdfOp[] {
  const colour = rgbOf(look.colour);
  return [
    { kind: 'rect', x: 0, y: 742, w: A4.width, h: 100, fill: colour },
    {
      kind: 'text',
      x: 48,
      y: 808,
      size: 11,
      text: `${heading.toUpperCase()}  |  ${look.format}`,
      bold: true,
      fill: WHITE,
    },
    ...textLines(wrapWords(look.subject, 38).slice(0, 2), 48, 782, 20, { bold: true, fill: WHITE, leading: 22 }),
    {
      kind: 'text',
      x: 48,
      y: 40,
      size: 9,
      text: `Literacy Shed  |  ${look.ident}${look.ageBand ? `  |  ${look.ageBand}` : ''}`,
      fill: MUTED,
    },
  ];
}

const LESSONS = [
  'Hook and first reading',
  'Vocabulary and discussion',
  'Modelled writing',
  'Shared and guided writing',
  'Independent writing and editing',
];

function planning(look: ResourceLook): PdfPage[] {
  const overview: PdfOp[] = [
    ...a4Header(look, 'Planning pack'),
    { kind: 'text', x: 48, y: 700, size: 14, text: 'About this unit', bold: true },
    ...textLines(wrapWords(look.description, 88), 48, 680, 10.5),
    { kind: 'text', x: 48, y: 610, size: 14, text: 'Lesson sequence', bold: true },
    ...LESSONS.flatMap((lesson, i): PdfOp[] => [
      { kind: 'text', x: 48, y: 584 - i * 70, size: 11.5, text: `Lesson ${i + 1}: ${lesson}`, bold: true },
      {
        kind: 'text',
        x: 48,
        y: 566 - i * 70,
        size: 10,
        text: `Objective: to build towards the ${look.format.toLowerCase()} on "${look.subject}".`,
        fill: MUTED,
      },
      { kind: 'line', x1: 48, y1: 552 - i * 70, x2: 547, y2: 552 - i * 70, stroke: RULE },
    ]),
  ];
  const assessment: PdfOp[] = [
    ...a4Header(look, 'Planning pack'),
    { kind: 'text', x: 48, y: 700, size: 14, text: 'Assessment and next steps', bold: true },
    ...[
      'Can retell the key events in order.',
      'Chooses vocabulary for effect.',
      'Organises writing into paragraphs.',
      'Edits and improves a draft.',
    ].flatMap((point, i): PdfOp[] => [
      { kind: 'rect', x: 48, y: 668 - i * 32, w: 12, h: 12, fill: RULE },
      { kind: 'text', x: 70, y: 670 - i * 32, size: 11, text: point },
    ]),
    { kind: 'text', x: 48, y: 520, size: 14, text: 'Resources in this pack', bold: true },
    ...textLines(
      ['Teaching slides for every lesson', 'Differentiated worksheets', 'Word bank and success criteria'],
      60,
      498,
      11,
    ),
  ];
  return [
    { ...A4, ops: overview },
    { ...A4, ops: assessment },
  ];
}

function slides(look: ResourceLook): PdfPage[] {
  const colour = rgbOf(look.colour);
  const title: PdfOp[] = [
    { kind: 'rect', x: 0, y: 0, w: SLIDE.width, h: SLIDE.height, fill: colour },
    { kind: 'text', x: 64, y: 420, size: 16, text: look.format.toUpperCase(), bold: true, fill: WHITE },
    ...textLines(wrapWords(look.subject, 30).slice(0, 3), 64, 360, 44, { bold: true, fill: WHITE, leading: 52 }),
    {
      kind: 'text',
      x: 64,
      y: 64,
      size: 16,
      text: `Literacy Shed${look.ageBand ? `  |  ${look.ageBand}` : ''}`,
      fill: WHITE,
    },
  ];
  const content = (heading: string, points: readonly string[]): PdfOp[] => [
    { kind: 'rect', x: 0, y: 460, w: SLIDE.width, h: 80, fill: colour },
    { kind: 'text', x: 64, y: 488, size: 28, text: heading, bold: true, fill: WHITE },
    ...points.flatMap((point, i): PdfOp[] => [
      { kind: 'rect', x: 64, y: 384 - i * 64, w: 10, h: 10, fill: colour },
      { kind: 'text', x: 88, y: 384 - i * 64, size: 22, text: point, fill: INK },
    ]),
  ];
  return [
    { ...SLIDE, ops: title },
    {
      ...SLIDE,
      ops: content('Learning objective', [
        `To explore "${look.subject}"`,
        `To plan and write a ${look.format.toLowerCase()}`,
        'To edit and improve our work',
      ]),
    },
    {
      ...SLIDE,
      ops: content('Talk partners', ['What do you notice?', 'What do you wonder?', 'What might happen next?']),
    },
    {
      ...SLIDE,
      ops: content('Your task', [
        'Plan your ideas in the boxes',
        'Write your first draft',
        'Check it against the success criteria',
      ]),
    },
  ];
}

function worksheet(look: ResourceLook): PdfPage[] {
  const questions = [
    `What is "${look.subject}" about?`,
    'Which words or phrases stood out to you? Why?',
    'Write your own opening sentence.',
  ];
  const ops: PdfOp[] = [
    ...a4Header(look, 'Worksheet'),
    {
      kind: 'text',
      x: 48,
      y: 706,
      size: 11,
      text: 'Name: ________________________________     Date: ________________',
    },
    ...questions.flatMap((question, i): PdfOp[] => {
      const top = 660 - i * 150;
      return [
        { kind: 'text', x: 48, y: top, size: 12, text: `${i + 1}. ${question}`, bold: true },
        ...[1, 2, 3, 4].map((line): PdfOp => ({
          kind: 'line',
          x1: 48,
          y1: top - line * 28,
          x2: 547,
          y2: top - line * 28,
          stroke: RULE,
        })),
      ];
    }),
    { kind: 'text', x: 48, y: 190, size: 12, text: 'Draw a picture to go with your writing.', bold: true },
    { kind: 'line', x1: 48, y1: 70, x2: 547, y2: 70, stroke: RULE },
    { kind: 'line', x1: 48, y1: 175, x2: 547, y2: 175, stroke: RULE },
    { kind: 'line', x1: 48, y1: 70, x2: 48, y2: 175, stroke: RULE },
    { kind: 'line', x1: 547, y1: 70, x2: 547, y2: 175, stroke: RULE },
  ];
  return [{ ...A4, ops }];
}

function summary(look: ResourceLook): PdfPage[] {
  return [
    { ...A4, ops: [...a4Header(look, 'Resource'), ...textLines(wrapWords(look.description, 88), 48, 700, 10.5)] },
  ];
}

const PAGES: Readonly<Record<FileKind, (look: ResourceLook) => PdfPage[]>> = {
  planning,
  slides,
  worksheet,
  document: summary,
};

/**
 * The bytes of a resource's file of a kind: a PDF drawn from the resource, the same bytes every time.
 *
 * @example
 * fileContent(look, 'worksheet').subarray(0, 5).toString() // '%PDF-'
 */
export function fileContent(look: ResourceLook, kind: FileKind): Buffer {
  return renderPdf({
    title: `${look.title} - ${FILE_KINDS[kind].label}`,
    subject: look.type,
    created: look.created,
    pages: PAGES[kind](look),
  });
}
