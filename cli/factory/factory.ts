/**
 * The one place where a command's dependencies are built. Each is a lazy getter, so a command pays
 * only for what it uses (`edshed endpoints` never opens the config files or an HTTP agent).
 * Tests build a Factory with fakes instead of mocking modules.
 */
import type { ApiClient } from '../../core/api/client.js';
import { chooseProfile } from '../../core/api/connection.js';
import type { ApiMethods } from '../../core/endpoints/methods.js';
import type { Io } from './io.js';
import type { ConfigStore } from '../config/store.js';
import type { Connection } from '../config/connection.js';
import type { Prompter } from '../prompt/prompter.js';
import type { AuditWriter } from '../audit/writer.js';
import type { Colors } from '../output/colors.js';

/** Options that every command accepts, resolved once per run (program options, then the leaf's). */
export interface GlobalOptions {
  readonly apiUrl?: string;
  readonly env?: string;
  readonly token?: string;
  readonly profile?: string;
  readonly json?: boolean;
  readonly format?: string;
  readonly fields?: string;
  readonly verbose?: boolean;
  /** `--timeout SECONDS`: the longest the command waits for the API in all, retries included (cli/http/timeout.ts). */
  readonly timeout?: string;
  /**
   * Set by bulk runs, dashboards and snapshot waits, which make many requests over a long time: there
   * `--timeout` bounds each request (its retries and their waits included), not the whole command.
   */
  readonly timeoutPerRequest?: boolean;
  /** False with `--no-color`. */
  readonly color?: boolean;
  /** Data only: no notes on stderr (errors still go there). */
  readonly quiet?: boolean;
  /** Set by `login`, which creates the profile it signs in to: a profile named that does not exist yet is not refused. */
  readonly creatingProfile?: boolean;
}

export type Env = Readonly<Record<string, string | undefined>>;

export interface Factory {
  /** Streams and terminal facts; depends on nothing. */
  readonly io: Io;
  /** Environment variables; depends on nothing. */
  readonly env: Env;
  readonly version: string;
  /** Global options, read-only; a command gets its own factory with `withGlobals`. */
  readonly globals: Readonly<GlobalOptions>;
  /** The same dependencies with other global options (config is shared, the client is rebuilt). */
  withGlobals(globals: GlobalOptions): Factory;
  /** The same dependencies writing to other streams (config is shared, the client is rebuilt): a bulk run's rows. */
  withIo(io: Io): Factory;
  /** Profiles and credentials; depends on env (EDSHED_CONFIG_DIR, XDG_CONFIG_HOME). */
  config(): Promise<ConfigStore>;
  /** Which API, token, profile and user; depends on globals, env and config. */
  connection(): Promise<Connection>;
  /** The API client; depends on connection, and io (--verbose lines). */
  client(): Promise<ApiClient>;
  /** Every endpoint as a typed method (`api.invoices.markPaid`); depends on client. */
  api(): Promise<ApiMethods>;
  /** Every question asked on the terminal; depends on io. */
  readonly prompter: Prompter;
  /** The audit log of writes; depends on env (state directory), connection and clock. */
  audit(): Promise<AuditWriter>;
  /** Colours for stdout and stderr; depends on io, env (NO_COLOR) and globals (--no-color). */
  readonly colors: Colors;
  /** The clock; depends on nothing. */
  now(): Date;
}

/** The profile in use: --profile, else EDSHED_PROFILE, else the stored default, else `default`. */
export function profileName(f: Pick<Factory, 'globals' | 'env'>, storedDefault?: string): string {
  return chooseProfile(f.globals.profile, f.env, storedDefault);
}
