/**
 * The one place where a command's dependencies are built. Each is a lazy getter, so a command pays
 * only for what it uses (`edshed endpoints` never opens the config files or an HTTP agent).
 * Tests build a Factory with fakes instead of mocking modules.
 */
import type { ApiClient } from '../core/api/client.js';
import type { Io } from './io.js';
import type { ConfigStore } from './config/store.js';

export interface GlobalOptions {
  readonly apiUrl?: string;
  readonly env?: string;
  readonly token?: string;
  readonly profile?: string;
  readonly json?: boolean;
  readonly format?: string;
  readonly fields?: string;
  readonly verbose?: boolean;
}

export interface Factory {
  /** Streams; depends on nothing. */
  readonly io: Io;
  /** Environment variables; depends on nothing. */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly version: string;
  /** Global options; set by main once commander has parsed them. */
  globals: GlobalOptions;
  /** Profiles and credentials; depends on env (EDSHED_CONFIG_DIR). */
  config(): Promise<ConfigStore>;
  /** The API client; depends on globals, env and config (URL and token), and io (--verbose lines). */
  client(): Promise<ApiClient>;
  /** The clock; depends on nothing. */
  now(): Date;
}

/** The profile in use: --profile, else EDSHED_PROFILE, else `default`. */
export function profileName(f: Pick<Factory, 'globals' | 'env'>): string {
  return f.globals.profile ?? f.env.EDSHED_PROFILE ?? 'default';
}
