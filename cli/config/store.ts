import Conf from 'conf';
import { z } from 'zod';
import { CliError, EXIT } from '../cli-error.js';
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

function read<T>(store: Conf<Record<string, unknown>>, key: string, schema: z.ZodType<T>): T | undefined {
  const value = store.get(key);
  if (value === undefined) return undefined;
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new CliError(`${store.path}: "${key}" is not valid (${parsed.error.issues[0]?.message}); fix or delete the file`, EXIT.usage);
  }
  return parsed.data;
}

/**
 * Checks a profile name given by the user (exit 2 naming the problem).
 *
 * @example
 * checkProfileName('staging') // 'staging'
 */
export function checkProfileName(name: string): string {
  const parsed = profileNameSchema.safeParse(name);
  if (!parsed.success) throw new CliError(`profile "${name}": ${parsed.error.issues[0]?.message}`, EXIT.usage);
  return parsed.data;
}

/**
 * Opens the profile and credential files in `dir`.
 *
 * @example
 * const store = openConfigStore(configDir(env));
 * store.setCredential('default', { token, username: 'superuser' });
 */
export function openConfigStore(dir: string): ConfigStore {
  ensurePrivateDir(dir);
  const options = { cwd: dir, configFileMode: 0o600, clearInvalidConfig: false } as const;
  const config = new Conf<Record<string, unknown>>({ ...options, configName: 'config' });
  const secrets = new Conf<Record<string, unknown>>({ ...options, configName: 'credentials' });
  const key = (name: string) => `profiles.${name.replaceAll('.', '\\.')}`;
  const names = (store: Conf<Record<string, unknown>>) => Object.keys((store.get('profiles') as Record<string, unknown> | undefined) ?? {});
  return {
    profile: (name) => read(config, key(name), profileSchema) ?? {},
    setProfile: (name, profile) => config.set(key(name), profileSchema.parse(profile)),
    credential: (name) => read(secrets, key(name), credentialSchema),
    setCredential: (name, credential) => secrets.set(key(name), credentialSchema.parse(credential)),
    deleteCredential: (name) => secrets.delete(key(name)),
    profileNames: () => [...new Set([...names(config), ...names(secrets)])].sort(),
    removeProfile: (name) => {
      const had = config.has(key(name)) || secrets.has(key(name));
      config.delete(key(name));
      secrets.delete(key(name));
      if (config.get('defaultProfile') === name) config.delete('defaultProfile');
      return had;
    },
    defaultProfile: () => read(config, 'defaultProfile', profileNameSchema),
    setDefaultProfile: (name) => (name === undefined ? config.delete('defaultProfile') : config.set('defaultProfile', checkProfileName(name))),
    paths: { config: config.path, credentials: secrets.path },
  };
}
