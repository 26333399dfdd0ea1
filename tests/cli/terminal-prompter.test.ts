import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../cli/errors/cli-error.js';
import { terminalPrompter } from '../../cli/prompt/terminal-prompter.js';

/** A prompter on a pretend terminal, and the key pressed once it asks. */
function pressing(key: string) {
  const input = Object.assign(new PassThrough(), {
    isTTY: true,
    setRawMode: () => input,
  }) as unknown as NodeJS.ReadStream;
  const output = Object.assign(new PassThrough(), { isTTY: true, columns: 80 }) as unknown as NodeJS.WriteStream;
  setTimeout(() => input.write(key), 20);
  return terminalPrompter(
    () => input,
    () => output,
  );
}

describe('questions on a terminal', () => {
  it('takes Ctrl-C at a question as an interrupt (exit 130), not a failed request', async () => {
    await expect(pressing('\u0003').confirm('Void 1 invoice (INV-000009)?')).rejects.toMatchObject({
      exitCode: EXIT.interrupted,
    });
  });

  it('takes Ctrl-D as no answer: the question is not confirmed', async () => {
    expect(await pressing('\u0004').confirm('Void 1 invoice (INV-000009)?')).toBe(false);
  });

  it('reads a typed answer', async () => {
    expect(await pressing('y\r').confirm('Void 1 invoice (INV-000009)?')).toBe(true);
  });
});
