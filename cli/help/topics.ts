import { environmentText } from './environment.js';
import { outputText } from './output.js';
import { EXIT } from '../errors/cli-error.js';
import { reconcileText } from './reconcile.js';

/** What each exit code tells a script; one entry per code of `EXIT`, so a new code needs its meaning here. */
const MEANING: Readonly<Record<keyof typeof EXIT, string>> = {
  ok: 'success',
  requestFailed: 'the request failed: the API answered with an error, or could not be reached',
  usage: 'bad usage or bad input; nothing was sent',
  bulkPartial: 'a bulk run finished with some items failed',
  auth: 'not signed in, or not allowed',
  interrupted: 'interrupted (Ctrl-C)',
};

/**
 * The text of `edshed help exit-codes`: every code of `EXIT`, lowest first, with its meaning.
 *
 * @example
 * exitCodesText().split('\n')[2]; // '  0    success'
 */
export function exitCodesText(): string {
  const codes = (Object.entries(EXIT) as [keyof typeof EXIT, number][]).sort((a, b) => a[1] - b[1]);
  const lines = codes.map(([name, code]) => `  ${String(code).padEnd(5)}${MEANING[name]}`);
  return `Exit codes of edshed, for scripts:\n\n${lines.join('\n')}\n\nErrors are one line on stderr; data goes to stdout only on success.\n`;
}

/** A page of `edshed help <topic>`: about the CLI as a whole rather than one command. */
export interface HelpTopic {
  readonly summary: string;
  readonly text: () => string;
}

export const HELP_TOPICS: Readonly<Record<string, HelpTopic>> = {
  'exit-codes': { summary: 'What each exit code of edshed means', text: exitCodesText },
  environment: {
    summary: 'Environment variables, how the API URL is chosen, named environments',
    text: environmentText,
  },
  reconcile: {
    summary: 'How invoices reconcile classes statement lines, and the signals it scores',
    text: reconcileText,
  },
  output: { summary: 'Formats, default columns and width, --fields, and the JSON shape of a list', text: outputText },
};

/**
 * The topics as aligned lines, for help texts and error messages.
 *
 * @example
 * topicLines(); // '  exit-codes   What each exit code of edshed means\n  environment  ...'
 */
export function topicLines(): string {
  const width = Math.max(...Object.keys(HELP_TOPICS).map((name) => name.length)) + 2;
  return Object.entries(HELP_TOPICS)
    .map(([name, topic]) => `  ${name.padEnd(width)}${topic.summary}`)
    .join('\n');
}
