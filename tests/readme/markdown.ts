/**
 * Reads the README as the README test needs it: its fenced code blocks (with the `<!-- runnable: KIND -->`
 * mark on the line before the fence) and the `edshed` commands in code blocks and code spans.
 */

export interface CodeBlock {
  /** The fence's language: `sh`, `ts`... ('' when none). */
  readonly lang: string;
  readonly code: string;
  /** The 1-based line of the opening fence, for messages. */
  readonly line: number;
  /** The KIND of a `<!-- runnable: KIND -->` mark on the line before the fence. */
  readonly runnable: string | undefined;
}

const MARK = /^<!--\s*runnable:\s*(\S+)\s*-->$/;

/**
 * The fenced code blocks of a Markdown text, in order.
 *
 * @example
 * codeBlocks('<!-- runnable: sandbox -->\n```sh\nedshed auth status\n```\n');
 * // [{ lang: 'sh', code: 'edshed auth status\n', line: 2, runnable: 'sandbox' }]
 */
export function codeBlocks(markdown: string): CodeBlock[] {
  const lines = markdown.split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i] ?? '');
    if (!open) continue;
    const end = lines.findIndex((text, j) => j > i && text.trim() === '```');
    if (end < 0) throw new Error(`README line ${i + 1}: a code fence is never closed`);
    const runnable = MARK.exec((lines[i - 1] ?? '').trim())?.[1];
    blocks.push({ lang: open[1] ?? '', code: `${lines.slice(i + 1, end).join('\n')}\n`, line: i + 1, runnable });
    i = end;
  }
  return blocks;
}

/**
 * The Markdown with its fenced blocks blanked out, so that code spans are looked for in prose only.
 *
 * @example
 * prose('a `x`\n```sh\nb\n```\n'); // 'a `x`\n\n\n\n'
 */
export function prose(markdown: string): string {
  let inside = false;
  return markdown
    .split('\n')
    .map((line) => {
      const fence = /^```/.test(line);
      const blank = inside || fence;
      if (fence) inside = !inside;
      return blank ? '' : line;
    })
    .join('\n');
}

/**
 * The words after `edshed` (or `npx edshed`, `npx --offline edshed`) in one shell line, without a trailing `# comment` and
 * without what the line pipes it from or into; undefined when the line does not run edshed.
 *
 * @example
 * edshedWords('printf x | npx --offline edshed auth login -u jane   # comment'); // ['auth', 'login', '-u', 'jane']
 */
export function edshedWords(line: string): string[] | undefined {
  const command = line.replace(/\s+#.*$/, '');
  for (const segment of command.split(/\s*(?:\|\|?|&&|;)\s*/)) {
    const words = segment.trim().split(/\s+/);
    // `npx --offline edshed`: npx's own options come before the command.
    let start = 0;
    if (words[0] === 'npx') for (start = 1; words[start]?.startsWith('-') === true; start += 1);
    if (words[start] === 'edshed') return words.slice(start + 1);
  }
  return undefined;
}

/**
 * Every `edshed ...` command outside runnable blocks: each line of an unmarked code block, and each code
 * span in the prose, that runs edshed with some words. Deduplicated, in order.
 *
 * @example
 * otherCommands('Run `edshed auth status`.\n'); // ['edshed auth status']
 */
export function otherCommands(markdown: string): string[] {
  const found: string[] = [];
  for (const block of codeBlocks(markdown)) {
    if (block.runnable !== undefined) continue;
    for (const line of block.code.split('\n'))
      if (edshedWords(line) !== undefined) found.push(line.replace(/\s+#.*$/, '').trim());
  }
  // A span with words after `edshed` is a command; `edshed` alone names the tool.
  for (const span of prose(markdown).matchAll(/`((?:npx (?:-\S+ )*)?edshed [^`]+)`/g)) found.push(span[1] as string);
  return [...new Set(found)];
}
