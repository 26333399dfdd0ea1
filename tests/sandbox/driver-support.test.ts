/** The Nodes the SQLite driver crashes on are refused by version, before it loads; engines says the rest. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { driverRefusal, SUPPORTED_NODES } from '../../sandbox/db/driver-support.js';

describe('driverRefusal', () => {
  it.each(['22.0.0', '22.11.0', '22.12.0', '22.13.0', '22.13.1'])(
    'refuses Node %s, naming it, the crash and what to use',
    (version) => {
      const refusal = driverRefusal(version);
      expect(refusal).toContain(`Node ${version}`);
      expect(refusal).toContain('crashes');
      expect(refusal).toContain('22.14.0');
    },
  );

  it.each(['20.19.0', '20.20.2', '22.14.0', '22.23.5', '24.0.0', '24.22.3', '26.1.0'])(
    'lets Node %s run',
    (version) => {
      expect(driverRefusal(version)).toBeUndefined();
    },
  );

  it('checks the Node it runs on by default', () => {
    expect(driverRefusal()).toBe(driverRefusal(process.versions.node));
  });

  it("names the ranges package.json's engines gives", () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      engines: { node: string };
    };
    expect(pkg.engines.node).toBe(SUPPORTED_NODES);
  });
});
