import envPaths from 'env-paths';

/**
 * The directory holding config.json and credentials.json: `EDSHED_CONFIG_DIR` when set (tests, CI),
 * else the user's config directory (XDG on Linux).
 */
export function configDir(env: Readonly<Record<string, string | undefined>>): string {
  return env.EDSHED_CONFIG_DIR || envPaths('edshed', { suffix: '' }).config;
}
