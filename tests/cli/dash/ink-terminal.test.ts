import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { BillingData } from '../../../cli/dash/billing/load.js';
import { DASH_FAILURES } from '../../../cli/dash/failures.js';
import { billingPanes } from '../../../cli/dash/billing/panes.js';
import type { DashSpec } from '../../../cli/dash/spec.js';
import { loadInk } from '../../../cli/ui/load-ink.js';
import type { ApiMethods } from '../../../core/endpoints/methods.js';
import { billing } from './fixtures.js';

// Nothing in this file loads Ink before the test does, through loadInk as the command does: Ink 6
// decides once, when it is loaded, whether it runs in CI (and then draws nothing until the end).
describe('the dashboard on a terminal, loaded as `edshed dash` loads it', () => {
  const before = process.env.CI;
  afterEach(() => {
    if (before === undefined) delete process.env.CI;
    else process.env.CI = before;
  });

  it('makes the terminal raw before the first frame, draws with CI=true set, and is cooked again at the end; CI is kept', async () => {
    process.env.CI = 'true';
    const seen: string[] = [];
    const stdin = Object.assign(new PassThrough(), {
      isTTY: true,
      ref: () => stdin,
      unref: () => stdin,
      setRawMode: (on: boolean) => seen.push(on ? 'raw' : 'cooked'),
    }) as unknown as NodeJS.ReadStream;
    const stdout = Object.assign(new EventEmitter(), {
      columns: 80,
      rows: 24,
      isTTY: true,
      write: (text: string) => (seen.push(/Invoices by state/.test(text) ? 'frame' : 'write'), true),
    }) as unknown as NodeJS.WriteStream;
    const spec: DashSpec<BillingData> = {
      name: 'billing',
      title: 'EdShed billing',
      load: async () => billing,
      panes: billingPanes,
    };
    const { runInkDashboard } = await loadInk(() => import('../../../cli/ui/dash/ink-dash.js'));
    expect(process.env.CI).toBe('true');
    const done = runInkDashboard(spec, {
      api: {} as ApiMethods,
      first: { data: billing, at: 0 },
      interval: 60_000,
      stdout,
      stdin,
      now: () => 0,
      failures: DASH_FAILURES,
    });
    // Drawn while it runs, not only when it ends.
    for (let i = 0; i < 200 && !seen.includes('frame'); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toContain('frame');
    stdin.write('q');
    await done;
    expect(seen[0]).toBe('raw');
    expect(seen.indexOf('frame')).toBeGreaterThan(0);
    expect(seen.at(-1)).toBe('cooked');
  });
});

describe('loadInk', () => {
  it('hides CI and CONTINUOUS_INTEGRATION only while it loads, and puts them back when the load fails too', async () => {
    const env: NodeJS.ProcessEnv = { CI: 'true', CONTINUOUS_INTEGRATION: '1', HOME: '/home/x' };
    const during = await loadInk(async () => ({ ...env }), env);
    expect(during).toEqual({ HOME: '/home/x' });
    expect(env).toEqual({ CI: 'true', CONTINUOUS_INTEGRATION: '1', HOME: '/home/x' });
    await expect(loadInk(() => Promise.reject(new Error('no chunk')), env)).rejects.toThrow('no chunk');
    expect(env).toEqual({ CI: 'true', CONTINUOUS_INTEGRATION: '1', HOME: '/home/x' });
    const unset: NodeJS.ProcessEnv = { HOME: '/home/x' };
    await loadInk(async () => undefined, unset);
    expect(unset).toEqual({ HOME: '/home/x' });
  });

  it("with colour off (NO_COLOR, --no-color, TERM=dumb), Ink's chalk loads under FORCE_COLOR=0, put back after", async () => {
    const env: NodeJS.ProcessEnv = { HOME: '/home/x' };
    expect(await loadInk(async () => env.FORCE_COLOR, env, { colour: false })).toBe('0');
    expect(env).toEqual({ HOME: '/home/x' });
    const forced: NodeJS.ProcessEnv = { FORCE_COLOR: '3' };
    expect(await loadInk(async () => forced.FORCE_COLOR, forced, { colour: false })).toBe('0');
    expect(forced).toEqual({ FORCE_COLOR: '3' });
    expect(await loadInk(async () => forced.FORCE_COLOR, forced, { colour: true })).toBe('3');
  });
});
