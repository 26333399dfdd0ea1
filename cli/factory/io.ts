import { isatty } from 'node:tty';

/** Where a command reads and writes. Tests pass buffers; the entry point passes the process's streams. */
export interface Io {
  readonly stdout: { write(chunk: string): unknown };
  readonly stderr: { write(chunk: string): unknown };
  /** Reads all of standard input (for `--input -`). */
  readonly readStdin: () => Promise<string>;
  /** Standard input as a stream of bytes, for input too long to hold (`--from -`). */
  readonly stdin: () => AsyncIterable<Uint8Array>;
  readonly stdoutIsTTY: boolean;
  readonly stdinIsTTY: boolean;
  /** Whether stderr is a terminal (progress bars redraw there); absent means no. */
  readonly stderrIsTTY?: boolean;
  /** Stderr itself, for a renderer that needs its size and resize events (Ink); absent in tests. */
  readonly stderrStream?: NodeJS.WriteStream;
  /** The terminal itself, for a full-screen renderer (Ink dashboards): stdout and stdin; absent in tests. */
  readonly terminal?: { readonly stdout: NodeJS.WriteStream; readonly stdin: NodeJS.ReadStream };
  /**
   * The width a table fits: `COLUMNS` when set to a whole number (as GNU tools read it), else the
   * terminal's, else unknown (a table then fits 120 characters). See `terminalColumns`.
   */
  readonly columns: number | undefined;
  /**
   * For long work: a signal aborted by the first Ctrl-C (finish what is in flight, start nothing new);
   * a second Ctrl-C exits at once with 130. Commands that never ask keep Ctrl-C's default (exit now).
   * The first Ctrl-C prints a line saying so, unless the first caller shows it itself (`{ quiet: true }`:
   * the Ink progress view, which a stray line would break).
   */
  readonly interrupts: (options?: { readonly quiet?: boolean }) => AbortSignal;
}

/**
 * The width tables fit: `COLUMNS` when it is a whole number above 0, else the width of stdout's terminal,
 * else undefined (a table then fits 120 characters, `renderTable`'s default).
 *
 * @example
 * terminalColumns({ COLUMNS: '100' }, 80) // 100
 */
export function terminalColumns(
  env: Readonly<Record<string, string | undefined>>,
  terminal: number | undefined,
): number | undefined {
  const fromEnv = /^\d+$/.test(env.COLUMNS ?? '') ? Number(env.COLUMNS) : 0;
  if (fromEnv > 0) return fromEnv;
  return terminal && terminal > 0 ? terminal : undefined;
}

/**
 * The process's own streams. Node makes each of `process.stdin`, `stdout` and `stderr` when first read (a
 * stream object over the file, pipe or terminal, a millisecond or more of a one-off command's start-up):
 * stdin and stderr are read only when used, and whether each is a terminal is asked of its descriptor.
 */
export function processIo(): Io {
  let controller: AbortController | undefined;
  return {
    stdout: process.stdout,
    get stderr() {
      return process.stderr;
    },
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    stdin: () => process.stdin,
    stdoutIsTTY: process.stdout.isTTY === true,
    stdinIsTTY: isatty(0),
    stderrIsTTY: isatty(2),
    get stderrStream() {
      return process.stderr;
    },
    get terminal() {
      return { stdout: process.stdout, stdin: process.stdin };
    },
    columns: terminalColumns(process.env, process.stdout.columns),
    interrupts: (options) => {
      if (controller) return controller.signal;
      const own = new AbortController();
      controller = own;
      process.on('SIGINT', () => {
        if (own.signal.aborted) process.exit(130);
        if (!options?.quiet)
          process.stderr.write(
            '\nStopping: no new requests; those in flight finish and are recorded. Ctrl-C again to quit now.\n',
          );
        own.abort(new Error('interrupted'));
      });
      return own.signal;
    },
  };
}
