/**
 * Help is read on an 80-column terminal. Commander wraps its own option and argument lists to the
 * width, but the text a command adds (`addHelpText`) is written by hand at whatever width its author
 * chose, and a terminal then breaks it mid-word. `reflowHelp` re-wraps only the paragraphs and list
 * items that hold a line too wide, at spaces, each under its own indent; a line a person copies (an
 * example command) is never broken, however wide.
 */

/** `text` in lines of at most `width` characters, broken at spaces (a longer word keeps its own line). */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter((w) => w !== '')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, line];
}

/** An example to copy: a command line (`edshed …`, `$ …`, `npx …`, a pipe into edshed), never broken. */
export const COMMAND = /^(?:\$ |edshed |npx |printf |echo |cat |node |npm |export |EDSHED_)/;
/** A list item's marker, whose text wraps under the text. */
const ITEM = /^(?:[-*•] |\d+[.)] )/;
/** A row of aligned columns (a name, two or more spaces, its meaning): the meaning wraps under itself. */
const ALIGNED = /^(\S.*?\S?) {2,}(?=\S)/;

interface Block {
  /** The prefix of the first line (indent and any marker or name) and of the lines after it (as wide, in spaces). */
  readonly first: string;
  readonly hanging: string;
  words: string[];
  lines: string[];
}

const indentOf = (line: string): string => /^ */.exec(line)?.[0] ?? '';

/**
 * Help text with its too-wide paragraphs, list items and aligned rows re-wrapped to `width`; every other
 * line as it was.
 *
 * @example
 * reflowHelp('Plans are checked first, then applied as apply applies them.\n', 30)
 * // 'Plans are checked first, then\napplied as apply applies them.\n'
 */
export function reflowHelp(text: string, width: number): string {
  const out: string[] = [];
  let block: Block | undefined;
  const flush = (): void => {
    if (block === undefined) return;
    if (block.lines.every((l) => l.length <= width)) out.push(...block.lines);
    else {
      const { first, hanging } = block;
      const lines = wrapWords(block.words.join(' '), Math.max(20, width - hanging.length));
      out.push(...lines.map((l, i) => `${i === 0 ? first : hanging}${l}`));
    }
    block = undefined;
  };
  for (const line of text.split('\n')) {
    const indent = indentOf(line);
    const body = line.slice(indent.length);
    if (body === '' || COMMAND.test(body)) {
      flush();
      out.push(line);
      continue;
    }
    const item = ITEM.exec(body);
    const aligned = item === null ? ALIGNED.exec(body) : null;
    if (item === null && aligned === null && block !== undefined && indent === block.hanging) {
      block.words.push(...body.split(' '));
      block.lines.push(line);
      continue;
    }
    flush();
    const lead = item?.[0] ?? aligned?.[0] ?? '';
    block = {
      first: indent + lead,
      hanging: indent + ' '.repeat(lead.length),
      words: body.slice(lead.length).split(' '),
      lines: [line],
    };
  }
  flush();
  return out.join('\n');
}
