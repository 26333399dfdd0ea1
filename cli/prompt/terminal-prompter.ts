import { createInterface } from 'node:readline/promises';
import { CliError, EXIT } from '../errors/cli-error.js';
import type { Prompter } from './prompter.js';

/**
 * The prompter of a real terminal: questions on stderr, answers from stdin. Built by the entry point;
 * commands only see the Prompter interface. The streams are given as functions, read when a question is
 * asked (Node makes `process.stdin` when first read: a command that asks nothing need not pay for it).
 */
export function terminalPrompter(
  inputStream: () => NodeJS.ReadStream,
  outputStream: () => NodeJS.WriteStream,
): Prompter {
  const ask = async (question: string): Promise<string> => {
    const [input, output] = [inputStream(), outputStream()];
    const rl = createInterface({ input, output });
    try {
      // Ctrl-C is an interrupt (exit 130); Ctrl-D or the input's end is no answer (the default). Taken from
      // the interface's own events: on older Node lines (20.19 and 22.14 here) a question closed that way never settles.
      return await new Promise<string>((resolve, reject) => {
        rl.once('SIGINT', () => reject(new CliError('Interrupted', EXIT.interrupted)));
        rl.once('close', () => resolve(''));
        rl.question(`${question} `).then(resolve, (error: unknown) => {
          if (!(error instanceof Error) || error.name !== 'AbortError') reject(error);
        });
      });
    } finally {
      rl.close();
    }
  };
  return {
    get interactive() {
      return inputStream().isTTY === true;
    },
    confirm: async (question) => /^y(es)?$/i.test((await ask(`${question} [y/N]`)).trim()),
    text: ask,
    password: (question) => readHidden(inputStream(), outputStream(), question),
  };
}

/** Reads a line without echoing it (raw mode); Ctrl-C is an interrupt, not an answer. */
function readHidden(input: NodeJS.ReadStream, output: NodeJS.WriteStream, question: string): Promise<string> {
  if (!input.isTTY || !input.setRawMode) {
    return Promise.reject(
      new CliError('No terminal to ask for the password: use --password-stdin or EDSHED_PASSWORD', EXIT.usage),
    );
  }
  output.write(`${question} `);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return done(() => resolve(text));
        if (ch === '\u0003') return done(() => reject(new CliError('Interrupted', EXIT.interrupted)));
        if (ch === '\u007f') text = text.slice(0, -1);
        else text += ch;
      }
    };
    const done = (finish: () => void) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      output.write('\n');
      finish();
    };
    input.on('data', onData);
  });
}
