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
  /** Terminal width, when stdout is a terminal. */
  readonly columns: number | undefined;
  /**
   * For long work: a signal aborted by the first Ctrl-C (finish what is in flight, start nothing new);
   * a second Ctrl-C exits at once with 130. Commands that never ask keep Ctrl-C's default (exit now).
   * The first Ctrl-C prints a line saying so, unless the first caller shows it itself (`{ quiet: true }`:
   * the Ink progress view, which a stray line would break).
   */
  readonly interrupts: (options?: { readonly quiet?: boolean }) => AbortSignal;
}

/** The process's own streams. */
export function processIo(): Io {
  let controller: AbortController | undefined;
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    stdin: () => process.stdin,
    stdoutIsTTY: process.stdout.isTTY === true,
    stdinIsTTY: process.stdin.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
    stderrStream: process.stderr,
    terminal: { stdout: process.stdout, stdin: process.stdin },
    columns: process.stdout.columns,
    interrupts: (options) => {
      if (controller) return controller.signal;
      const own = new AbortController();
      controller = own;
      process.on('SIGINT', () => {
        if (own.signal.aborted) process.exit(130);
        if (!options?.quiet) process.stderr.write('\nStopping: no new requests; those in flight finish and are recorded. Ctrl-C again to quit now.\n');
        own.abort(new Error('interrupted'));
      });
      return own.signal;
    },
  };
}
