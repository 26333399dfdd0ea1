import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../cli/errors/cli-error.js';
import { resolveConnection } from '../../cli/config/connection.js';
import { API_URL_SOURCES, environmentText } from '../../cli/help/environment.js';
import { similarWords } from '../../cli/help/suggest.js';
import { exitCodesText, HELP_TOPICS } from '../../cli/help/topics.js';
import { CURATED } from '../../cli/commands/index.js';
import { ENVIRONMENTS } from '../../core/api/environments.js';
import type { GlobalOptions } from '../../cli/factory/factory.js';

const cliDir = fileURLToPath(new URL('../../cli', import.meta.url));
const sources = (readdirSync(cliDir, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.ts'))
  .map((file) => readFileSync(join(cliDir, file), 'utf8'));

describe('help topics', () => {
  it('lists every exit code, lowest first', () => {
    const codes = [...exitCodesText().matchAll(/^ {2}(\d+) +\S/gm)].map((m) => Number(m[1]));
    expect(codes).toEqual(Object.values(EXIT).sort((a, b) => a - b));
    expect(exitCodesText()).toMatch(/^ {2}2 +bad usage or bad input; nothing was sent$/m);
  });

  it('`edshed help` is listed with every topic (the list is written out: the program lists commands without loading them)', () => {
    expect(CURATED.help?.summary).toBe(`Show help for a command, or a topic (${Object.keys(HELP_TOPICS).join(', ')})`);
  });

  it('names every environment variable the CLI reads, and every named environment', () => {
    const read = new Set(
      sources.flatMap((text) =>
        [...text.matchAll(/\benv\.([A-Z][A-Z0-9_]+)|\b(EDSHED_[A-Z_]+|NO_COLOR)\b/g)].map((m) => m[1] ?? m[2]),
      ),
    );
    expect(read.size).toBeGreaterThanOrEqual(6);
    const text = environmentText();
    for (const name of [...read, 'EDSHED_STATE_DIR', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_STATE_HOME'])
      expect(text).toMatch(new RegExp(`^ {2}${name} `, 'm'));
    for (const [name, url] of Object.entries(ENVIRONMENTS))
      expect(text).toMatch(new RegExp(`^ {2}${name} +${url.replaceAll('.', '\\.')}$`, 'm'));
  });

  it('gives the API URL sources in the order the CLI applies them', () => {
    const set = (label: string) =>
      ({
        '--api-url': { globals: { apiUrl: 'http://flag.test/' } },
        '--env': { globals: { env: 'staging' } },
        EDSHED_API_URL: { env: { EDSHED_API_URL: 'http://variable.test/' } },
        EDSHED_ENV: { env: { EDSHED_ENV: 'dev' } },
        profile: { profile: { apiUrl: 'http://profile.test/' } },
        credentials: { credential: { token: 't', apiUrl: 'http://credential.test/' } },
      })[label] as {
        globals?: GlobalOptions;
        env?: Record<string, string>;
        profile?: { apiUrl: string };
        credential?: { token: string; apiUrl: string };
      };
    const labels = API_URL_SOURCES.map(([label]) => label);
    labels.forEach((label, i) => {
      const given = labels.slice(i).map(set);
      const pick = <K extends keyof (typeof given)[number]>(key: K) =>
        Object.assign({}, ...given.map((g) => g[key] ?? {}));
      expect(
        resolveConnection(pick('globals'), pick('env'), pick('profile'), given.find((g) => g.credential)?.credential)
          .source,
      ).toBe(label);
    });
  });

  it('suggests the nearest words to a mistyped one', () => {
    expect(similarWords('exit-code', ['exit-codes', 'environment'])).toEqual(['exit-codes']);
    expect(similarWords('invoics', ['invoices', 'pupils'])).toEqual(['invoices']);
    expect(similarWords('mkar-paid', ['mark-paid', 'mark-promised'])).toEqual(['mark-paid']);
    expect(similarWords('zebra', ['invoices', 'pupils'])).toEqual([]);
  });
});
