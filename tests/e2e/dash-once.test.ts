import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInSandbox, type SandboxProcess } from '../helpers/sandbox-process.js';

// Off a terminal the dashboards print one snapshot with --once (the data with --json), and
// refuse to run without it. The built binary against a started, seeded sandbox.

describe('edshed dash --once', () => {
  let sandbox: SandboxProcess;
  beforeAll(async () => {
    sandbox = await startSignedInSandbox('superuser');
    const admin = await sandbox.edshed(
      ['login', '--api-url', sandbox.url, '-u', 'admin', '--password-stdin', '--profile', 'admin'],
      'sandbox\n',
    );
    expect(admin.exitCode, String(admin.stderr)).toBe(0);
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  it('billing: the figures as plain text, and the data as JSON', async () => {
    const text = await sandbox.edshed(['dash', 'billing', '--once']);
    expect(text.exitCode, String(text.stderr)).toBe(0);
    const out = String(text.stdout);
    expect(out).toMatch(/^EdShed billing at \d{4}-\d\d-\d\d \d\d:\d\d UTC\n/);
    // Overdue is a part of open and promised, each with what its overdue invoices owe, never a state beside them.
    expect(out).toContain(
      'Invoices by state\n  open             3 (overdue 3)  A$940.50 · £540.00 · US$585.00\n    overdue: A$940.50 · £540.00 · US$585.00\n  promised         1 (overdue 1)  £480.00\n    overdue: £480.00\n',
    );
    expect(out).toMatch(/Subscriptions expiring\n {2}\d+ in 30 days · \d+ in 60 days · \d+ in 90 days/);
    expect(out).toContain('  2026-09-01  Wattle Public School  refund: Chose another provider\n');
    expect(out).toMatch(/Sales headlines\n {2}revenue £[\d,.]+ \([+-][\d.]+%\)/);
    expect(out).toContain('Bulk runs in progress or paused\n  none');
    const json = await sandbox.edshed(['dash', 'billing', '--once', '--json']);
    const data = JSON.parse(String(json.stdout)) as {
      invoices: { state: string }[];
      cancellations: unknown[];
      headlines: { current: { revenue_gbp: number } };
    };
    expect(data.invoices.filter((i) => i.state === 'open')).toHaveLength(3);
    expect(data.cancellations).toHaveLength(4);
    expect(typeof data.headlines.current.revenue_gbp).toBe('number');
  });

  it('off a terminal without --once exits 2 before sending anything, as does a bad --interval', async () => {
    for (const args of [
      ['dash', 'billing'],
      ['dash', 'jobs', '--json'],
      ['dash', 'school', '1'],
      ['dash', 'billing', '--once', '--interval', '0'],
    ]) {
      const run = await sandbox.edshed(args);
      expect(run.exitCode, args.join(' ')).toBe(2);
      expect(String(run.stderr)).toMatch(/nothing was sent/);
    }
    const plain = await sandbox.edshed(['dash', 'billing']);
    expect(String(plain.stderr)).toContain('edshed dash billing draws on a terminal, and this is not one; pass --once');
  });

  it('jobs: progress bars of the background jobs, snapshot jobs with their period, email statistics', async () => {
    const run = await sandbox.edshed(['dash', 'jobs', '--once']);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    const out = String(run.stdout);
    expect(out).toMatch(/Running and queued\n {2}#2 +plan-action \(plan-actions\) +queued +░{20} 0%/);
    expect(out).toMatch(/Engagement snapshot jobs\n {2}#5 +snapshot 2026-06-01 to 2026-08-31 +done +█{20} 100%/);
    expect(out).toMatch(/Failed\n {2}#3 .* failed .* Target plan 999 does not exist/);
    expect(out).toContain(
      'Email statistics\n  48 sent · 27 delivered · 12 opened · 2 failed\n  7 bounced · 3 addresses suppressed\n',
    );
  });

  it('school: a superuser sees any school with seats as bars and the unpaid invoices; a school admin their own', async () => {
    const su = await sandbox.edshed(['dash', 'school', '1', '--once']);
    expect(su.exitCode, String(su.stderr)).toBe(0);
    expect(String(su.stdout)).toContain('Oakfield Primary School (school 1)\n  pupils 30 · teachers 4 · groups 4\n');
    expect(String(su.stdout)).toMatch(/Spelling Shed +active +░{20} 0\/300 · 0\/20 teachers · to 2027-09-01/);
    // A plain snapshot: no key to press, and no count of a pane's rows after its title.
    expect(String(su.stdout)).toContain('\n  4 expired, cancelled or deactivated\n');
    expect(String(su.stdout)).not.toContain(': Enter');
    expect(String(su.stdout)).not.toMatch(/\(\d+\)\n/);
    expect(String(su.stdout)).toMatch(/Recent activity\n {2}\d+ plays · \d+\/30 pupils active/);
    expect(String(su.stdout)).toMatch(/Unpaid invoices\n {2}£1,020\.00 due on 2 invoices/);
    const admin = await sandbox.edshed(['dash', 'school', '--once', '--profile', 'admin']);
    expect(admin.exitCode, String(admin.stderr)).toBe(0);
    expect(String(admin.stdout)).toMatch(/Homework due this week\n {2}(\d+ due by|none due by) \d{4}-\d\d-\d\d/);
    expect(String(admin.stdout)).toMatch(
      /Recent activity\n {2}\d+ plays in the last 7 days, \d+ in 30, across 3 groups\n {2}Year 3 Oak/,
    );
    const json = JSON.parse(
      String((await sandbox.edshed(['dash', 'school', '1', '--once', '--json', '--profile', 'admin'])).stdout),
    ) as { school: { id: number }; homework: unknown[] };
    expect(json.school.id).toBe(1);
    expect(json.homework.length).toBeGreaterThan(0);
  });

  it('school: takes a school by its name or postcode too, and refuses a name no school has (exit 2)', async () => {
    const named = await sandbox.edshed(['dash', 'school', 'Wattle', '--once']);
    expect(named.exitCode, String(named.stderr)).toBe(0);
    expect(String(named.stdout)).toContain('Wattle Public School (school 3)\n');
    const postcode = await sandbox.edshed(['dash', 'school', 'LS6 2AB', '--once']);
    expect(String(postcode.stdout)).toContain('Oakfield Primary School (school 1)\n');
    const unknown = await sandbox.edshed(['dash', 'school', 'Nowhere Academy', '--once']);
    expect(unknown.exitCode).toBe(2);
    expect(String(unknown.stderr)).toContain('no school named "Nowhere Academy"');
  });

  it('refuses a school admin another school (exit 4), a superuser without an id (exit 2), and a bad token (exit 4)', async () => {
    const other = await sandbox.edshed(['dash', 'school', '2', '--once', '--profile', 'admin']);
    expect(other.exitCode).toBe(4);
    expect(String(other.stderr)).toContain('a school admin sees their own school (1), not school 2');
    const noId = await sandbox.edshed(['dash', 'school', '--once']);
    expect(noId.exitCode).toBe(2);
    expect(String(noId.stderr)).toContain('a superuser names the school: edshed dash school ID');
    const refused = await sandbox.edshed(['dash', 'jobs', '--once', '--token', 'nope']);
    expect(refused.exitCode).toBe(4);
    expect(String(refused.stderr)).toContain('Sign in with `edshed login`');
  });
});
