import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../cli/main.js';
import { fakeFactory } from '../helpers/fake-factory.js';

let dir: string;
const file = (name: string) => join(dir, name);

const graduated = {
  price_type: 'graduated',
  price_tiers: [
    { up_to: 10, unit_amount: 500, flat_amount: 1000 },
    { up_to: null, unit_amount: 400 },
  ],
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edshed-prices-'));
  await writeFile(file('graduated.json'), JSON.stringify(graduated));
  await writeFile(file('graduated-gbp.json'), JSON.stringify({ ...graduated, currency: 'gbp', id: 'price_123' }));
  await writeFile(file('volume.json'), JSON.stringify({ ...graduated, price_type: 'volume' }));
  await writeFile(file('fixed.json'), JSON.stringify({ price_type: 'fixed', unit_amount: 299 }));
  await writeFile(
    file('misordered.json'),
    JSON.stringify({
      price_type: 'graduated',
      price_tiers: [
        { up_to: 10, unit_amount: 1 },
        { up_to: 5, unit_amount: 1 },
        { up_to: null, unit_amount: 1 },
      ],
    }),
  );
  await writeFile(file('bad-currency.json'), JSON.stringify({ ...graduated, currency: 'pounds' }));
  await writeFile(file('not-json.json'), '{ "price_type": ');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function edshed(argv: string[], options: { stdin?: string; tty?: boolean } = {}) {
  const f = fakeFactory(options);
  const code = await run(argv, f);
  return { code, out: f.out(), err: f.err() };
}

describe('edshed prices', () => {
  it('prints every priced locale as TSV in a pipe', async () => {
    const { code, out } = await edshed(['prices']);
    expect(code).toBe(0);
    const [header, ...rows] = out.trimEnd().split('\n');
    expect(header).toBe('locale\tcurrency\tpersonal\tteacher\tpremium\tapp\tmaths_app\tpupils_per_classroom');
    expect(rows.map((row) => row.split('\t')[0])).toEqual([
      'en-gb',
      'en-au',
      'en-ca',
      'en-hk',
      'en-ie',
      'en-in',
      'en-nz',
      'en-pk',
      'en-us',
      'en-za',
    ]);
    expect(rows[0]).toBe('en-gb\tgbp\t£32.50\t£66.50\t£2.00\t£2.99\t£2.99\t36');
  });

  it('shows one locale with --locale, in any written form, and the ZA maths app exception', async () => {
    const { code, out } = await edshed(['prices', '--locale', 'EN_za', '--fields', 'locale,app,maths_app']);
    expect(code).toBe(0);
    expect(out.replace(/[\u00a0\u202f]/g, ' ')).toBe('locale\tapp\tmaths_app\nen-za\tR 70,00\tR 75,00\n');
  });

  it('gives minor units, exact decimals and formatted amounts with --json', async () => {
    const { code, out } = await edshed(['prices', 'show', '--locale', 'en-au', '--json']);
    expect(code).toBe(0);
    const [row] = JSON.parse(out) as [Record<string, unknown>];
    expect(row).toMatchObject({
      locale: 'en-au',
      currency: 'aud',
      symbol: 'A$',
      pupilsPerClassroom: 28,
      amounts: { personal: 13498 },
      display: { personal: '134.98' },
    });
  });

  it('refuses a locale without prices, exit 2, nothing on stdout', async () => {
    for (const locale of ['fr-fr', 'xx']) {
      const { code, out, err } = await edshed(['prices', '--locale', locale]);
      expect(code).toBe(2);
      expect(out).toBe('');
      expect(err).toMatch(new RegExp(`--locale: "${locale}" .*priced locales: en-gb`));
    }
  });
});

describe('edshed prices tier', () => {
  it('prices a graduated quantity tier by tier with a total row', async () => {
    const { code, out } = await edshed(['prices', 'tier', '--file', file('graduated.json'), '--quantity', '12']);
    expect(code).toBe(0);
    expect(out).toBe(
      'tier\tquantity\tunit_amount\tflat_amount\tamount\n' +
        'tier 1 (up to 10)\t10\t500\t1000\t6000\n' +
        'tier 2 (unbounded)\t2\t400\t0\t800\n' +
        'total\t12\t\t\t6800\n',
    );
  });

  it("formats amounts in the file's currency and gives the quote as JSON", async () => {
    const { code, out } = await edshed([
      'prices',
      'tier',
      '--file',
      file('graduated-gbp.json'),
      '--quantity',
      '12',
      '--json',
    ]);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({
      priceType: 'graduated',
      quantity: 12,
      total: 6800,
      currency: 'gbp',
      total_formatted: '£68.00',
      lines: [
        { tier: 0, amount: 6000 },
        { tier: 1, amount: 800 },
      ],
    });
  });

  it.each([
    ['volume.json', '12', 4800],
    ['volume.json', '0', 0],
    ['fixed.json', '7', 2093],
    ['graduated.json', '0', 0],
  ])('%s at %s costs %i', async (name, quantity, total) => {
    const { code, out } = await edshed(['prices', 'tier', '--file', file(name), '--quantity', quantity, '--json']);
    expect(code).toBe(0);
    expect((JSON.parse(out) as { total: number }).total).toBe(total);
  });

  it('takes --currency over the file and reads the price from standard input with --file -', async () => {
    const { code, out } = await edshed(
      ['prices', 'tier', '--file', '-', '--quantity', '3', '--currency', 'EUR', '--fields', 'tier,amount'],
      {
        stdin: JSON.stringify({ price_type: 'fixed', unit_amount: 475, currency: 'gbp' }),
      },
    );
    expect(code).toBe(0);
    expect(out).toBe('tier\tamount\nfixed\t€14.25\ntotal\t€14.25\n');
  });

  it.each([
    ['misordered.json', /misordered\.json: price_tiers\.1\.up_to: must be greater than the previous tier's bound 10/],
    ['bad-currency.json', /bad-currency\.json: currency: must be a three-letter currency code/],
    ['not-json.json', /not-json\.json: not valid JSON/],
    ['missing.json', /missing\.json: cannot read: no such file \(ENOENT\)/],
  ])('refuses %s naming the file and the field, exit 2', async (name, message) => {
    const { code, out, err } = await edshed(['prices', 'tier', '--file', file(name), '--quantity', '1']);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(message);
  });

  it('names the field of a price that is wrong at the top level', async () => {
    const { code, err } = await edshed(['prices', 'tier', '--file', '-', '--quantity', '1'], {
      stdin: '{"price_type":"tiered"}',
    });
    expect(code).toBe(2);
    expect(err).toMatch(/standard input: price_type: /);
  });

  it.each([['ten'], ['-1'], ['1.5'], ['']])('refuses quantity %j, exit 2', async (quantity) => {
    const { code, err } = await edshed(['prices', 'tier', '--file', file('fixed.json'), '--quantity', quantity]);
    expect(code).toBe(2);
    expect(err).toMatch(/--quantity/);
  });

  it('refuses a missing --quantity or --file, and an unknown --currency', async () => {
    expect((await edshed(['prices', 'tier', '--file', file('fixed.json')])).code).toBe(2);
    expect((await edshed(['prices', 'tier', '--quantity', '1'])).code).toBe(2);
    const bad = await edshed(['prices', 'tier', '--file', file('fixed.json'), '--quantity', '1', '--currency', 'XYZ']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--currency: "XYZ"/);
  });
});
