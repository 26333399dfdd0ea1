import type { ApiClient } from '../../core/api/client.js';
import type { ConfigStore } from '../../cli/config/store.js';
import type { Factory, GlobalOptions } from '../../cli/factory.js';
import type { Io } from '../../cli/io.js';

/** A Factory with in-memory streams, for running commands in-process without a terminal. */
export interface FakeFactory extends Factory {
  readonly out: () => string;
  readonly err: () => string;
}

export function fakeFactory(options: { client?: ApiClient; config?: ConfigStore; stdin?: string; tty?: boolean; env?: Record<string, string> } = {}): FakeFactory {
  let out = '';
  let err = '';
  const io: Io = {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    readStdin: async () => options.stdin ?? '',
    stdoutIsTTY: options.tty ?? false,
    stdinIsTTY: options.tty ?? false,
    columns: 100,
  };
  return {
    io,
    env: options.env ?? {},
    version: '9.9.9-test',
    globals: {} as GlobalOptions,
    config: async () => {
      if (!options.config) throw new Error('no config in this test');
      return options.config;
    },
    client: async () => {
      if (!options.client) throw new Error('no client in this test');
      return options.client;
    },
    now: () => new Date('2026-11-02T10:00:00Z'),
    out: () => out,
    err: () => err,
  };
}
