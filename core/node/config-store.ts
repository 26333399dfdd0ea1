/**
 * The CLI's profiles and credentials, read by the CLI and by `connect()` in scripts. Node only.
 */
import { join } from 'node:path';
import { ClientConfigError } from '../api/errors/client-config-error.js';
import { ConfigFileError } from './config-file-error.js';
import { jsonFile } from './json-file.js';
import { ensurePrivateDir } from './paths.js';

/** A profile's settings, as stored in config.json. */
export interface Profile {
  apiUrl?: string;
}

/** A profile's sign-in, as stored in credentials.json (the one file a token is written to). */
export interface Credential {
  token: string;
  username?: string;
  apiUrl?: string;
}

/**
 * One text field of a stored entry: whether it must be there, and its check (the problem, or undefined
 * when fine) with the value to keep. Plain checks rather than zod: these files are read by every API
 * command before anything else, and zod costs a one-off command a fifth of its time to load
 * (bench/one-off.bench.mjs). Each entry is still checked whole, unknown keys are left out, and a bad
 * value is refused naming the file and the entry.
 */
interface FieldRule {
  readonly required: boolean;
  check(value: string): { readonly problem: string } | { readonly value: string };
}

const anyText: FieldRule = { required: false, check: (value) => ({ value }) };
/** A URL as `new URL` reads it, kept without surrounding whitespace, tabs or line breaks. */
const url: FieldRule = {
  required: false,
  check: (value) => (URL.canParse(value.trim()) ? { value: value.trim().replace(/[\t\n\r]/g, '') } : { problem: 'is not a URL' }),
};
const PROFILE_FIELDS: Readonly<Record<keyof Profile, FieldRule>> = { apiUrl: url };
const CREDENTIAL_FIELDS: Readonly<Record<keyof Credential, FieldRule>> = {
  token: { required: true, check: (value) => (value === '' ? { problem: 'is empty' } : { value }) },
  username: anyText,
  apiUrl: anyText,
};
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The entry with only its known fields, or what is wrong with it. */
function checkEntry<T>(value: unknown, fields: Readonly<Record<string, FieldRule>>): { readonly value: T } | { readonly problem: string } {
  if (!isRecord(value)) return { problem: 'expected an object' };
  const entry: Record<string, string> = {};
  for (const [key, rule] of Object.entries(fields)) {
    const field = value[key];
    if (field === undefined) {
      if (rule.required) return { problem: `${key} is missing` };
      continue;
    }
    if (typeof field !== 'string') return { problem: `${key} is not text` };
    const checked = rule.check(field);
    if ('problem' in checked) return { problem: `${key} ${checked.problem}` };
    entry[key] = checked.value;
  }
  return { value: entry as T };
}

/** The entry to write, or a ClientConfigError naming what is wrong. */
function validEntry<T>(what: string, value: T, fields: Readonly<Record<keyof T, FieldRule>>): T {
  const checked = checkEntry<T>(value, fields);
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

function read<T>(file: File, key: string, name: string | undefined, check: (value: unknown) => { readonly value: T } | { readonly problem: string }): T | undefined {
  const data = file.read();
  const profiles = data.profiles ?? {};
  if (!isRecord(profiles)) throw new ConfigFileError(`${file.path}: "profiles" is not an object; fix or delete the file`, file.path);
  const value = name === undefined ? data[key] : profiles[name];
  if (value === undefined) return undefined;
  const checked = check(value);
  if ('problem' in checked) {
    const entry = name === undefined ? key : `profiles.${name}`;
    throw new ConfigFileError(`${file.path}: "${entry}" is not valid (${checked.problem}); fix or delete the file`, file.path);
  }
  return checked.value;
}

const storedProfile = (value: unknown) => checkEntry<Profile>(value, PROFILE_FIELDS);
const storedCredential = (value: unknown) => checkEntry<Credential>(value, CREDENTIAL_FIELDS);
const storedProfileName = (value: unknown) =>
  typeof value === 'string' && PROFILE_NAME.test(value) ? { value } : { problem: 'a profile name is letters, digits, - and _' };

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
  ensurePrivateDir(dir);
  const config = jsonFile(join(dir, 'config.json'));
  const secrets = jsonFile(join(dir, 'credentials.json'));
  return {
    profile: (name) => read(config, 'profiles', name, storedProfile) ?? {},
    setProfile: (name, profile) => setProfileEntry(config, name, validEntry(`profile "${name}"`, profile, PROFILE_FIELDS)),
    credential: (name) => read(secrets, 'profiles', name, storedCredential),
    setCredential: (name, credential) => setProfileEntry(secrets, name, validEntry(`credential of profile "${name}"`, credential, CREDENTIAL_FIELDS)),
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
