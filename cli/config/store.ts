import Conf from 'conf';
import { z } from 'zod';
import { CliError, EXIT } from '../cli-error.js';

const profileSchema = z.object({ apiUrl: z.string().url().optional() });
const credentialSchema = z.object({ token: z.string().min(1), username: z.string().optional(), apiUrl: z.string().optional() });

export type Profile = z.infer<typeof profileSchema>;
export type Credential = z.infer<typeof credentialSchema>;

/** Profiles (config.json) and their tokens (credentials.json, mode 0600, never printed). */
export interface ConfigStore {
  profile(name: string): Profile;
  setProfile(name: string, profile: Profile): void;
  credential(name: string): Credential | undefined;
  setCredential(name: string, credential: Credential): void;
  deleteCredential(name: string): void;
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
 * Opens the profile and credential files in `dir`.
 *
 * @example
 * const store = openConfigStore(configDir(process.env));
 * store.setCredential('default', { token, username: 'superuser' });
 */
export function openConfigStore(dir: string): ConfigStore {
  const config = new Conf<Record<string, unknown>>({ cwd: dir, configName: 'config', clearInvalidConfig: false });
  const secrets = new Conf<Record<string, unknown>>({ cwd: dir, configName: 'credentials', configFileMode: 0o600, clearInvalidConfig: false });
  const key = (name: string) => `profiles.${name.replaceAll('.', '\\.')}`;
  return {
    profile: (name) => read(config, key(name), profileSchema) ?? {},
    setProfile: (name, profile) => config.set(key(name), profileSchema.parse(profile)),
    credential: (name) => read(secrets, key(name), credentialSchema),
    setCredential: (name, credential) => secrets.set(key(name), credentialSchema.parse(credential)),
    deleteCredential: (name) => secrets.delete(key(name)),
    paths: { config: config.path, credentials: secrets.path },
  };
}
