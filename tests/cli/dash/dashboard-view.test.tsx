import { EventEmitter } from 'node:events';
import { stripVTControlCharacters } from 'node:util';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import type { BillingData } from '../../../cli/dash/billing/load.js';
import { DASH_FAILURES } from '../../../cli/dash/failures.js';
import { billingPanes } from '../../../cli/dash/billing/panes.js';
import type { ActRequest, DashSpec } from '../../../cli/dash/spec.js';
import { Dashboard } from '../../../cli/ui/dash/Dashboard.js';
import { DashApp } from '../../../cli/ui/dash/ink-dash.js';
import { dashReducer, initialDash } from '../../../cli/ui/dash/state.js';
import type { ApiMethods } from '../../../core/endpoints/methods.js';
import { INVOICE_STATES } from '../../../core/domain/billing.js';
import { UnauthorisedError } from '../../../core/api/errors/index.js';
import { billing } from './fixtures.js';

const panes = billingPanes(billing);
const loaded = dashReducer(initialDash<BillingData>(), {
  kind: 'fetch-ok',
  data: billing,
  at: new Date(2026, 10, 24, 18, 40, 5).getTime(),
});
const lines = (frame: string | undefined) => stripVTControlCharacters(frame ?? '').split('\n');

function draw(width: number, height: number, state = loaded): string[] {
  const { lastFrame, unmount } = render(
    <Dashboard title="EdShed billing" state={state} panes={panes} width={width} height={height} />,
  );
  const out = lines(lastFrame());
  unmount();
  return out;
}

/** A terminal's stdout as the view reads it: a size and resize events. */
function terminal(columns: number, rows: number): NodeJS.WriteStream {
  return Object.assign(new EventEmitter(), { columns, rows }) as unknown as NodeJS.WriteStream;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));
async function until(read: () => string, pattern: RegExp): Promise<string> {
  for (let i = 0; i < 100; i += 1) {
    if (pattern.test(read())) return read();
    await tick();
  }
  throw new Error(`never drew ${pattern}:\n${read()}`);
}

describe('Dashboard view', () => {
  it('fits 80x24: every pane title, the overdue line in the first pane, the keys at the bottom', () => {
    const out = draw(80, 23);
    expect(out).toHaveLength(23);
    expect(Math.max(...out.map((l) => l.length))).toBeLessThanOrEqual(80);
    expect(out[0]).toBe('EdShed billing  data of 18:40:05');
    expect(out[1]).toBe('▶ Invoices by state (5)');
    expect(out[2]).toBe('  open             3 (overdue 2)  A$940.50 · £540.00 · US$585.00');
    expect(out[3]).toBe('    overdue: A$940.50 · £540.00');
    for (const title of [
      '• Subscriptions expiring',
      '• Recent cancellations',
      '• Sales headlines',
      '• Bulk runs in progress or paused',
    ])
      expect(out.some((l) => l.startsWith(title))).toBe(true);
    expect(out.at(-1)).toBe('Tab/←→ panes  Enter open  r refresh  ? keys  q quit');
  });

  it('uses two columns on a wide terminal, from exactly 120 columns (README: "two from 120 columns")', () => {
    const out = draw(140, 30);
    expect(out.find((l) => l.includes('Invoices by state'))).toMatch(
      /^▶ Invoices by state \(5\) +• Subscriptions expiring \(3\)/,
    );
    const firstLine = (width: number) => draw(width, 30).find((l) => l.includes('Invoices by state'));
    expect(firstLine(119)).toBe('▶ Invoices by state (5)');
    for (const width of [120, 121]) {
      const line = firstLine(width) ?? '';
      expect(line, String(width)).toMatch(/^▶ Invoices by state \(5\) +• Subscriptions expiring \(3\)/);
      expect(line.length, String(width)).toBeLessThan(width);
    }
  });

  it('says how many rows are behind Enter when a pane lists its first ones (188 expiring, not "2 more")', () => {
    const many = {
      ...billing,
      expiring: Array.from({ length: 188 }, (_, i) => ({ ...billing.expiring[0]!, id: 1000 + i })),
    };
    const { lastFrame, unmount } = render(
      <Dashboard
        title="EdShed billing"
        state={dashReducer(initialDash<BillingData>(), { kind: 'fetch-ok', data: many, at: 0 })}
        panes={billingPanes(many)}
        width={80}
        height={18}
      />,
    );
    const out = lines(lastFrame());
    unmount();
    const at = out.findIndex((l) => l.startsWith('• Subscriptions expiring (188)'));
    const section = out.slice(
      at + 1,
      out.findIndex((l, i) => i > at && l.startsWith('• ')),
    );
    const listed = section.filter((l) => l.includes('(subscription ')).length;
    expect(listed).toBeGreaterThan(0);
    expect(section.at(-1)).toBe(`  … ${188 - listed} more: Enter`);
  });

  it('keeps the data under a banner saying why the refresh failed and when it retries', () => {
    const failed = dashReducer(loaded, {
      kind: 'fetch-failed',
      message: 'rate limited (429)',
      retryAt: new Date(2026, 10, 24, 18, 41, 0).getTime(),
    });
    const out = draw(80, 23, failed);
    expect(out[1]).toBe('⚠ retrying at 18:41:00, showing the last data: rate limited (429)');
    expect(out[2]).toBe('▶ Invoices by state (5)');
  });
});

describe('DashApp with keys', () => {
  function app(columns = 80) {
    const sent: ActRequest[] = [];
    let loads = 0;
    // The server's side: what a read answers, changed by the action.
    let stored = billing;
    const spec: DashSpec<BillingData> = {
      name: 'billing',
      title: 'EdShed billing',
      load: async () => {
        loads += 1;
        return stored;
      },
      panes: billingPanes,
      act: async (request) => {
        sent.push(request);
        stored = {
          ...stored,
          invoices: stored.invoices.map((i) => (i.id === request.id ? { ...i, state: 'promised' as const } : i)),
        };
        return { ok: true, message: 'INV-000008 open -> promised', after: 'promised' };
      },
      patch: (data, request, outcome) => ({
        ...data,
        invoices: data.invoices.map((i) =>
          i.id === request.id ? { ...i, state: INVOICE_STATES.find((s) => s === outcome.after) ?? i.state } : i,
        ),
      }),
    };
    const stdout = terminal(columns, 24);
    const view = render(
      <DashApp
        spec={spec}
        api={{} as ApiMethods}
        interval={60_000}
        stdout={stdout}
        stdin={process.stdin}
        now={() => 0}
        failures={DASH_FAILURES}
        onFatal={() => undefined}
      />,
    );
    const screen = () => stripVTControlCharacters(view.lastFrame() ?? '');
    return { view, sent, screen, stdout, loads: () => loads };
  }

  it('drills into the invoices, marks the selected one promised after confirming, and updates the row', async () => {
    const { view, sent, screen } = app();
    await until(screen, /Invoices by state \(5\)/);
    view.stdin.write('\r');
    await until(screen, /1\/5/);
    view.stdin.write('p');
    await until(screen, /Mark INV-000008 promised: reference: █/);
    view.stdin.write('PO 9');
    await until(screen, /reference: PO 9█/);
    view.stdin.write('\r');
    await until(screen, /Mark INV-000008 promised \(reference "PO 9"\)\? y\/n/);
    expect(sent).toEqual([]);
    view.stdin.write('y');
    const after = await until(screen, /INV-000008 open -> promised/);
    expect(sent).toEqual([{ action: 'promised', id: 8, details: { reference: 'PO 9' } }]);
    expect(after).toMatch(/INV-000008 +school 3 +promised +A\$940\.50/);
    view.unmount();
  });

  it("shows the paid form whole at 80 columns, with its own keys below it instead of the list's", async () => {
    const { view, screen } = app();
    await until(screen, /Invoices by state \(5\)/);
    view.stdin.write('\r');
    await until(screen, /1\/5/);
    view.stdin.write('m');
    const form = lines(await until(screen, /Mark INV-000008 paid: method/));
    expect(form).toContain('Mark INV-000008 paid: method: ‹bacs› (← →)  date: 1970-01-01');
    expect(form.at(-1)).toBe('Enter next  ← → choose  Backspace erase  Esc cancel');
    expect(Math.max(...form.map((l) => l.length))).toBeLessThanOrEqual(80);
    view.stdin.write('\x1b');
    await until(screen, /p promised {2}m paid/);
    view.unmount();
  });

  it('filters with / and refreshes with r', async () => {
    const { view, screen, loads } = app();
    await until(screen, /Invoices by state/);
    view.stdin.write('\r');
    await until(screen, /1\/5/);
    view.stdin.write('/');
    await until(screen, /\/█/);
    view.stdin.write('£');
    await until(screen, /1\/3 of 5/);
    expect(screen()).not.toContain('INV-000008');
    view.stdin.write('\r');
    await until(screen, /filter: £ \(Esc clears\)/);
    const before = loads();
    view.stdin.write('r');
    await until(() => String(loads()), new RegExp(`^${before + 1}$`));
    view.unmount();
  });

  it('redraws in two columns when the terminal is widened', async () => {
    const { view, screen, stdout } = app(80);
    await until(screen, /Invoices by state/);
    expect(screen()).not.toMatch(/Invoices by state \(5\) +• Subscriptions/);
    Object.assign(stdout, { columns: 140 });
    stdout.emit('resize');
    await until(screen, /Invoices by state \(5\) +• Subscriptions expiring/);
    view.unmount();
  });

  it('draws an answer that came in before it in its first frame, and reads again only when asked or after the interval', async () => {
    let loads = 0;
    const spec: DashSpec<BillingData> = {
      name: 'billing',
      title: 'EdShed billing',
      load: async () => ((loads += 1), billing),
      panes: billingPanes,
    };
    const first = { data: billing, at: new Date(2026, 10, 24, 18, 40, 5).getTime() };
    const view = render(
      <DashApp
        spec={spec}
        api={{} as ApiMethods}
        first={first}
        interval={60_000}
        stdout={terminal(80, 24)}
        stdin={process.stdin}
        now={() => 0}
        failures={DASH_FAILURES}
        onFatal={() => undefined}
      />,
    );
    const frame = stripVTControlCharacters(view.frames[0] ?? '');
    expect(frame).toMatch(/^EdShed billing +data of 18:40:05\n▶ Invoices by state \(5\)/);
    expect(frame).not.toContain('loading');
    await tick();
    expect(loads).toBe(0);
    view.stdin.write('r');
    await until(() => String(loads), /^1$/);
    view.unmount();
  });

  it('ends on 401 through onFatal', async () => {
    let fatal: unknown;
    const spec: DashSpec<BillingData> = {
      name: 'billing',
      title: 'EdShed billing',
      load: () => Promise.reject(new UnauthorisedError('Unauthorised', { status: 401 })),
      panes: billingPanes,
    };
    const view = render(
      <DashApp
        spec={spec}
        api={{} as ApiMethods}
        interval={60_000}
        stdout={terminal(80, 24)}
        stdin={process.stdin}
        now={() => 0}
        failures={DASH_FAILURES}
        onFatal={(e) => (fatal = e)}
      />,
    );
    await until(() => String(fatal instanceof UnauthorisedError), /true/);
    view.unmount();
  });
});
