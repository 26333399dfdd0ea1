/**
 * The CLI's profiles and credentials, read by the CLI and by `connect()` in scripts. Node only.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { ClientConfigError } from '../api/errors/client-config-error.js';
import { ConfigFileError } from './config-file-error.js';
import { jsonFile } from './json-file.js';
import { ensurePrivateDir } from './paths.js';

const profileSchema = z.object({ apiUrl: z.string().url().optional() });
const credentialSchema = z.object({ token: z.string().min(1), username: z.string().optional(), apiUrl: z.string().optional() });
const profileNameSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'a profile name is letters, digits, - and _');

export type Profile = z.infer<typeof profileSchema>;
export type Credential = z.infer<typeof credentialSchema>;

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

const profilesSchema = z.record(z.string(), z.unknown());

type File = ReturnType<typeof jsonFile>;

function read<T>(file: File, key: string, name: string | undefined, schema: z.ZodType<T>): T | undefined {
  const data = file.read();
  const profiles = profilesSchema.safeParse(data.profiles ?? {});
  if (!profiles.success) throw new ConfigFileError(`${file.path}: "profiles" is not an object; fix or delete the file`, file.path);
  const value = name === undefined ? data[key] : profiles.data[name];
  if (value === undefined) return undefined;
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const entry = name === undefined ? key : `profiles.${name}`;
    throw new ConfigFileError(`${file.path}: "${entry}" is not valid (${parsed.error.issues[0]?.message}); fix or delete the file`, file.path);
  }
  return parsed.data;
}

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
  const parsed = profileNameSchema.safeParse(name);
  if (!parsed.success) throw new ClientConfigError(`profile "${name}": ${parsed.error.issues[0]?.message}`);
  return parsed.data;
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
    profile: (name) => read(config, 'profiles', name, profileSchema) ?? {},
    setProfile: (name, profile) => setProfileEntry(config, name, profileSchema.parse(profile)),
    credential: (name) => read(secrets, 'profiles', name, credentialSchema),
    setCredential: (name, credential) => setProfileEntry(secrets, name, credentialSchema.parse(credential)),
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
    defaultProfile: () => read(config, 'defaultProfile', undefined, profileNameSchema),
    setDefaultProfile: (name) => {
      const { defaultProfile: _previous, ...rest } = config.read();
      config.write(name === undefined ? rest : { ...rest, defaultProfile: checkProfileName(name) });
    },
    paths: { config: config.path, credentials: secrets.path },
  };
}
