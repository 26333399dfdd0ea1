import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiClient } from '../../core/api/client.js';
import { bindEndpoints } from '../../core/endpoints/methods.js';
import type { ConfigStore } from '../../cli/config/store.js';
import type { Connection } from '../../cli/config/connection.js';
import type { Factory, GlobalOptions } from '../../cli/factory/factory.js';
import type { Io } from '../../cli/factory/io.js';
import { createColors } from '../../cli/output/colors.js';
import { scriptedPrompter, type Prompter } from '../../cli/prompt/prompter.js';
import type { AuditRecord, AuditWriter } from '../../cli/audit/writer.js';

/** A Factory with in-memory streams, for running commands in-process without a terminal. */
export interface FakeFactory extends Factory {
  readonly out: () => string;
  readonly err: () => string;
  /** What the commands wrote to the audit log. */
  readonly audited: readonly AuditRecord[];
}

export interface FakeOptions {
  client?: ApiClient;
  config?: ConfigStore;
  stdin?: string;
  tty?: boolean;
  /** Whether stderr is a terminal (progress bars); default false. */
  stderrTty?: boolean;
  env?: Record<string, string>;
  prompter?: Prompter;
  connection?: Partial<Connection>;
  globals?: GlobalOptions;
  /** Abort it to act as the user's Ctrl-C. */
  interrupt?: AbortController;
  /** The terminal's width; default 100. */
  columns?: number;
}

let home: string | undefined;
/** One temporary home directory for every fake factory of the test file. */
const fakeHome = (): string => (home ??= mkdtempSync(join(tmpdir(), 'edshed-fake-home-')));

export function fakeFactory(options: FakeOptions = {}): FakeFactory {
  const state = { out: '', err: '' };
  const audited: AuditRecord[] = [];
  const interrupt = options.interrupt ?? new AbortController();
  const io: Io = {
    stdout: { write: (s: string) => (state.out += s) },
    stderr: { write: (s: string) => (state.err += s) },
    readStdin: async () => options.stdin ?? '',
    stdin: async function* () {
      yield Buffer.from(options.stdin ?? '');
    },
    stdoutIsTTY: options.tty ?? false,
    stdinIsTTY: options.tty ?? false,
    stderrIsTTY: options.stderrTty ?? false,
    columns: options.columns ?? 100,
    interrupts: () => interrupt.signal,
  };
  const audit: AuditWriter = { file: '(memory)', record: (entry) => void audited.push(entry) };
  const build = (globals: GlobalOptions, own: Io = io): FakeFactory => ({
    io: own,
    // A home of its own: a command that falls back to ~/.local/state or ~/.config never reaches the real one.
    env: { HOME: fakeHome(), ...options.env },
    version: '9.9.9-test',
    globals,
    prompter: options.prompter ?? scriptedPrompter([], { interactive: options.tty ?? false }),
    colors: createColors(false),
    withGlobals: (next) => build(next, own),
    withIo: (next) => build(globals, next),
    config: async () => {
      if (!options.config) throw new Error('no config in this test');
      return options.config;
    },
    connection: async () => ({
      baseUrl: options.client?.baseUrl ?? 'http://127.0.0.1:9/',
      token: 't',
      source: 'test',
      environment: undefined,
      profile: 'default',
      ...options.connection,
    }),
    client: async () => {
      if (!options.client) throw new Error('no client in this test');
      return options.client;
    },
    api: async () => {
      if (!options.client) throw new Error('no client in this test');
      return bindEndpoints(options.client);
    },
    audit: async () => audit,
    now: () => new Date('2026-11-02T10:00:00Z'),
    out: () => state.out,
    err: () => state.err,
    audited,
  });
  return build(options.globals ?? {});
}
