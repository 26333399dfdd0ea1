/**
 * The CLI's profiles and credentials, read by the CLI and by `connect()` in scripts. Node only.
 */
import { join } from 'node:path';
import * as z from 'zod/mini';
import { ClientConfigError } from '../api/errors/client-config-error.js';
import { ConfigFileError } from './config-file-error.js';
import { fileErrorText } from './file-error-text.js';
import { jsonFile } from './json-file.js';
import { ensurePrivateDir } from './paths.js';

/**
 * The stored entries' schemas: zod's `zod/mini` build, which a bundler trims to the parts used (about
 * 40 KB against the classic API's 390), because these files are read by every API command before
 * anything else (bench/one-off.bench.mjs). Each entry is checked whole, unknown keys are left out, and a
 * problem reads as `field message` (`apiUrl is not a URL`).
 */
const text = () => z.string({ error: (issue) => (issue.input === undefined ? 'is missing' : 'is not text') });
/** A URL as `new URL` reads it, kept without surrounding whitespace, tabs or line breaks. */
const storedUrl = z
  .pipe(
    text(),
    z.transform((value) => value.trim().replace(/[\t\n\r]/g, '')),
  )
  .check(z.refine((value) => URL.canParse(value), 'is not a URL'));
const profileSchema = z.object({ apiUrl: z.optional(storedUrl) }, { error: 'expected an object' });
/**
 * Who the token's user was when they signed in, as far as the table's roles go (the sign-in's answer
 * says): a command that calls only what the caller's role may (`schools show`) need not ask
 * `GET users/me` first. A role changed since then is met by the server's 403, after which it asks.
 */
export const storedCallerSchema = z.object({
  superuser: z.boolean(),
  employee: z.boolean(),
  kind: z.nullable(text()),
  school: z.nullable(z.object({ id: z.int(), admin: z.boolean() })),
  districtId: z.nullable(z.int()),
});
const credentialSchema = z.object(
  {
    token: text().check(z.minLength(1, 'is empty')),
    username: z.optional(text()),
    apiUrl: z.optional(text()),
    caller: z.optional(storedCallerSchema),
  },
  { error: 'expected an object' },
);
const profileNameSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'a profile name is letters, digits, - and _'));

/** A profile's settings, as stored in config.json. */
export type Profile = z.infer<typeof profileSchema>;

/** The roles' facts of a signed-in user, as stored beside their token. */
export type StoredCaller = z.infer<typeof storedCallerSchema>;

/** A profile's sign-in, as stored in credentials.json (the one file a token is written to). */
export type Credential = z.infer<typeof credentialSchema>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value as the schema reads it, or its first problem as `field message`. */
function checkEntry<T>(schema: z.ZodMiniType<T>, value: unknown): { readonly value: T } | { readonly problem: string } {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { value: parsed.data };
  const issue = parsed.error.issues[0];
  return { problem: [...(issue?.path ?? []).map(String), issue?.message ?? 'is not valid'].join(' ') };
}

/** The entry to write, or a ClientConfigError naming what is wrong. */
function validEntry<T>(what: string, value: T, schema: z.ZodMiniType<T>): T {
  const checked = checkEntry(schema, value);
  if ('problem' in checked) throw new ClientConfigError(`${what}: ${checked.problem}`);
  return checked.value;
}

/** Profiles (config.json) and their tokens (credentials.json), both mode 0600 in a 0700 directory. */
export interface ConfigStore {
  profile(name: string): Profile;
  setProfile(name: string, profile: Profile): void;
  credential(name: string): Credential | undefined;
  setCredential(name: string, credential: Credential): void;
  deleteCredential(name: string): void;
  /** Every profile that has settings or a credential, sorted. */
  profileNames(): string[];
  /** Forgets a profile's settings and credential; false when there was none. */
  removeProfile(name: string): boolean;
  /** The profile used when neither --profile nor EDSHED_PROFILE names one. */
  defaultProfile(): string | undefined;
  setDefaultProfile(name: string | undefined): void;
  readonly paths: { readonly config: string; readonly credentials: string };
}

type File = ReturnType<typeof jsonFile>;

function read<T>(
  file: File,
  key: string,
  name: string | undefined,
  check: (value: unknown) => { readonly value: T } | { readonly problem: string },
): T | undefined {
  const data = file.read();
  const profiles = data.profiles ?? {};
  if (!isRecord(profiles))
    throw new ConfigFileError(`${file.path}: "profiles" is not an object; fix or delete the file`, file.path);
  const value = name === undefined ? data[key] : profiles[name];
  if (value === undefined) return undefined;
  const checked = check(value);
  if ('problem' in checked) {
    const entry = name === undefined ? key : `profiles.${name}`;
    throw new ConfigFileError(
      `${file.path}: "${entry}" is not valid (${checked.problem}); fix or delete the file`,
      file.path,
    );
  }
  return checked.value;
}

const storedProfile = (value: unknown) => checkEntry(profileSchema, value);
const storedCredential = (value: unknown) => checkEntry(credentialSchema, value);
const storedProfileName = (value: unknown) => checkEntry(profileNameSchema, value);

function names(file: File): string[] {
  const profiles = file.read().profiles;
  return profiles !== null && typeof profiles === 'object' ? Object.keys(profiles) : [];
}

/** Sets (or, with undefined, deletes) one profile's entry and writes the file. */
function setProfileEntry(file: File, name: string, value: unknown): void {
  const data = file.read();
  const profiles = { ...((data.profiles as Record<string, unknown> | undefined) ?? {}) };
  if (value === undefined) delete profiles[name];
  else profiles[name] = value;
  file.write({ ...data, profiles });
}

/**
 * Checks a profile name given by the user: a ClientConfigError naming the problem.
 *
 * @example
 * checkProfileName('staging') // 'staging'
 */
export function checkProfileName(name: string): string {
  const checked = storedProfileName(name);
  if ('problem' in checked) throw new ClientConfigError(`profile "${name}": ${checked.problem}`);
  return checked.value;
}

/**
 * Opens the profile and credential files in `dir` (shared by the CLI and `connect()`). A file that
 * cannot be used is a ConfigFileError naming it.
 *
 * @example
 * const store = openConfigStore(configDir(env));
 * store.setCredential('default', { token, username: 'superuser' });
 */
export function openConfigStore(dir: string): ConfigStore {
  try {
    ensurePrivateDir(dir);
  } catch (error) {
    throw new ConfigFileError(
      `${dir}: cannot be the config directory: ${fileErrorText(error)}; make it a directory of yours, or set EDSHED_CONFIG_DIR to one`,
      dir,
    );
  }
  const config = jsonFile(join(dir, 'config.json'));
  const secrets = jsonFile(join(dir, 'credentials.json'));
  return {
    profile: (name) => read(config, 'profiles', name, storedProfile) ?? {},
    setProfile: (name, profile) =>
      setProfileEntry(config, name, validEntry(`profile "${name}"`, profile, profileSchema)),
    credential: (name) => read(secrets, 'profiles', name, storedCredential),
    setCredential: (name, credential) =>
      setProfileEntry(secrets, name, validEntry(`credential of profile "${name}"`, credential, credentialSchema)),
    deleteCredential: (name) => setProfileEntry(secrets, name, undefined),
    profileNames: () => [...new Set([...names(config), ...names(secrets)])].sort(),
    removeProfile: (name) => {
      const had = names(config).includes(name) || names(secrets).includes(name);
      setProfileEntry(config, name, undefined);
      setProfileEntry(secrets, name, undefined);
      const data = config.read();
      if (data.defaultProfile === name) {
        const { defaultProfile: _dropped, ...rest } = data;
        config.write(rest);
      }
      return had;
    },
    defaultProfile: () => read(config, 'defaultProfile', undefined, storedProfileName),
    setDefaultProfile: (name) => {
      const { defaultProfile: _previous, ...rest } = config.read();
      config.write(name === undefined ? rest : { ...rest, defaultProfile: checkProfileName(name) });
    },
    paths: { config: config.path, credentials: secrets.path },
  };
}
