import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE, PUPIL, SCHOOL, SUBSCRIPTION } from '../../core/shapes/index.js';
import { BIN, startSignedInSandbox, type SandboxProcess } from '../helpers/sandbox-process.js';
import { SLOW } from '../helpers/transcript.js';

// Lists drawn with their shape's default columns, fitted to the terminal's
// width; `--fields all`; and one JSON shape of a list, whether one page, `--limit N` or `--all`.
// Through the built binary against a sandbox process (the demo seed: 11 invoices, 14 subscriptions).
let sandbox: SandboxProcess;

/** Runs the built edshed with this sandbox's config, `COLUMNS` set as a terminal of that width would. */
const edshed = (args: readonly string[], columns?: number) =>
  execa('node', [BIN, ...args], {
    reject: false,
    input: '',
    env: { ...sandbox.env, COLUMNS: columns === undefined ? '' : String(columns) },
  });

/** Characters, not bytes: the table's borders are one character each. */
const widest = (text: string) => Math.max(...text.split('\n').map((line) => [...line].length));

/** The header cells of a table (its second line). */
const header = (text: string) =>
  (text.split('\n')[1] ?? '')
    .split('│')
    .map((cell) => cell.trim())
    .filter(Boolean);

beforeAll(async () => {
  sandbox = await startSignedInSandbox('superuser');
  const admin = await sandbox.edshed(
    ['login', '--api-url', sandbox.url, '-u', 'admin', '--password-stdin', '--profile', 'admin'],
    'sandbox\n',
  );
  expect(admin.exitCode).toBe(0);
}, SLOW);
afterAll(async () => {
  expect((await sandbox.stop()).exitCode).toBe(0);
});

describe('default columns', { timeout: SLOW }, () => {
  const lists = [
    // A school's and a product's name are shown beside their ids (a terminal's table only).
    {
      args: ['invoices', 'list'],
      shape: INVOICE,
      header: ['id', 'number', 'school_id', 'school_name', 'state', 'total', 'due_at'],
    },
    {
      args: ['subscriptions', 'list'],
      shape: SUBSCRIPTION,
      header: ['id', 'school_id', 'school_name', 'product_id', 'product_name', 'kind', 'state', 'seats', 'expiry'],
    },
    { args: ['schools', 'list'], shape: SCHOOL, header: SCHOOL.columns },
    { args: ['pupils', 'list', '--profile', 'admin'], shape: PUPIL, header: PUPIL.columns },
  ];

  it.each(lists)(
    "$args.0 list shows its shape's columns, every line within 120 characters",
    async ({ args, shape, header: columns }) => {
      const run = await edshed([...args, '--format', 'table'], 120);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(header(run.stdout).filter((c) => !c.endsWith('_name') || c in shape.fields)).toEqual(shape.columns);
      expect(header(run.stdout)).toEqual(columns);
      expect(run.stdout.split('\n').length).toBeGreaterThan(5);
      expect(widest(run.stdout)).toBeLessThanOrEqual(120);
    },
  );

  it("shows an invoice's total as money in its currency", async () => {
    const run = await edshed(['invoices', 'list', '--format', 'table', '--take', '3'], 120);
    expect(run.stdout).toMatch(
      /│ INV-\d+ +│ \d+ +│ [A-Z][^│]+│ [a-z_]+ +│ (A\$|£|\$|€)[\d,]+\.\d\d +│ \d{4}-\d\d-\d\d │/,
    );
  });

  it('fits a narrower terminal by leaving out the columns of least priority, named on stderr, never wrapping a row', async () => {
    const run = await edshed(['schools', 'list', '--format', 'table'], 64);
    expect(run.exitCode).toBe(0);
    expect(widest(run.stdout)).toBeLessThanOrEqual(64);
    expect(header(run.stdout)).toEqual((SCHOOL.columns ?? []).filter((c) => c !== 'district_id'));
    expect(run.stderr).toMatch(/Not shown at 64 columns: district_id; --fields brings it back\./);
    // The header, three rules (top, under the header, bottom) and the three schools: one line a row.
    expect(run.stdout.trim().split('\n')).toHaveLength(7);
  });

  it('shows every field with --fields all, record by record when they cannot fit side by side', async () => {
    const run = await edshed(['invoices', 'list', '--format', 'table', '--fields', 'all', '--take', '2'], 120);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(widest(run.stdout)).toBeLessThanOrEqual(120);
    const keys = run.stdout
      .split('\n')
      .map((line) => /^│ (\S+) /.exec(line)?.[1])
      .filter(Boolean);
    expect(keys).toEqual([...Object.keys(INVOICE.fields), ...Object.keys(INVOICE.fields)]);
  });

  it('keeps every field in TSV and CSV, whatever the width', async () => {
    const tsv = await edshed(['invoices', 'list', '--take', '2'], 40);
    expect(tsv.stdout.split('\n')[0]?.split('\t')).toEqual(Object.keys(INVOICE.fields));
    const csv = await edshed(['subscriptions', 'list', '--format', 'csv', '--take', '2'], 40);
    const columns = SUBSCRIPTION.columns ?? [];
    expect(csv.stdout.split('\n')[0]?.split(',')).toEqual(expect.arrayContaining([...columns, 'created_at']));
    expect(csv.stdout.split('\n')[0]?.split(',').length).toBeGreaterThan(columns.length + 3);
  });

  it('refuses a field the shape does not have before sending (exit 2), and offers all', async () => {
    const run = await edshed(['invoices', 'list', '--fields', 'id,nope'], 120);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/unknown field nope; .*nothing was sent/);
  });
});

describe('JSON of a list', { timeout: SLOW }, () => {
  type Envelope = { invoices: { id: number; state?: string }[]; total: number };
  const json = async (args: readonly string[]) => {
    const run = await edshed(['invoices', 'list', ...args, '--json']);
    expect(run.exitCode, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as Envelope;
  };

  it("is the API's envelope for one page, --limit N and --all alike", async () => {
    const page = await json(['--take', '4']);
    const limited = await json(['--limit', '15']);
    const all = await json(['--all']);
    for (const body of [page, limited, all]) {
      expect(Object.keys(body)).toEqual(['invoices', 'total']);
      expect(body.total).toBe(11);
    }
    expect(page.invoices).toHaveLength(4);
    expect(limited.invoices).toHaveLength(11);
    expect(all.invoices.map((i) => i.id)).toEqual(limited.invoices.map((i) => i.id));
    expect(new Set(all.invoices.map((i) => i.id)).size).toBe(11);
  });

  it('reads the same with jq however many pages were fetched', async () => {
    const jq = async (args: readonly string[]) => {
      const run = await execa(
        'sh',
        ['-c', `node '${BIN}' invoices list ${args.join(' ')} --json | jq -c '[.invoices[].id]'`],
        { reject: false, env: { ...sandbox.env } },
      );
      expect(run.exitCode, run.stderr).toBe(0);
      return JSON.parse(run.stdout) as number[];
    };
    const few = await jq(['--limit', '3']);
    expect(few).toHaveLength(3);
    expect(await jq(['--take', '3'])).toEqual(few);
    expect((await jq(['--all'])).slice(0, 3)).toEqual(few);
  });

  it('keeps the envelope with --fields, each record with only those fields', async () => {
    for (const body of [
      await json(['--take', '2', '--fields', 'id,state']),
      await json(['--limit', '2', '--fields', 'id,state']),
    ]) {
      expect(body.total).toBe(11);
      expect(body.invoices).toHaveLength(2);
      for (const invoice of body.invoices) expect(Object.keys(invoice)).toEqual(['id', 'state']);
    }
  });

  it('is empty but the same shape when nothing matches', async () => {
    const none = await json(['--all', '--school-id', '999999']);
    expect(none).toEqual({ invoices: [], total: 0 });
  });

  it('stays one record a line with --format ndjson', async () => {
    const run = await edshed(['invoices', 'list', '--limit', '3', '--format', 'ndjson']);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: number });
    expect(lines).toHaveLength(3);
    expect(typeof lines[0]?.id).toBe('number');
  });
});
