import { CliError, EXIT } from './cli-error.js';
import type { Factory } from './factory.js';

/** Asks for a password on the terminal without echoing it. */
export async function readPassword(f: Factory, prompt: string): Promise<string> {
  if (!f.io.stdinIsTTY || !process.stdin.setRawMode) {
    throw new CliError('No terminal to ask for the password: use --password-stdin or EDSHED_PASSWORD', EXIT.usage);
  }
  f.io.stderr.write(prompt);
  process.stdin.setRawMode(true);
  process.stdin.resume();
  process.stdin.setEncoding('utf8');
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
      process.stdin.off('data', onData);
      process.stdin.setRawMode(false);
      process.stdin.pause();
      f.io.stderr.write('\n');
      finish();
    };
    process.stdin.on('data', onData);
  });
}
