/**
 * Hostile statements through the built binary: each exits 2 naming the file and line, writes no plan,
 * and the sandbox (logging every request) receives none of the reads a reconcile sends.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInSandbox, type SandboxProcess } from '../helpers/sandbox-process.js';
import { MAX_STATEMENT_LINES } from '../../core/domain/reconcile/limits.js';

let sandbox: SandboxProcess;
beforeAll(async () => {
  sandbox = await startSignedInSandbox('superuser', ['--db', ':memory:', '--log']);
}, 60_000);
afterAll(async () => {
  await sandbox?.stop();
});

const camt = (body: string, doctype = ''): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${doctype}<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">\n<BkToCstmrStmt><Stmt><Acct><Id><IBAN>GB00TEST1</IBAN></Id></Acct>\n${body}\n</Stmt></BkToCstmrStmt></Document>\n`;
const ntry = (ref: string, amount: string, text: string): string =>
  `<Ntry><Amt Ccy="GBP">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-11-05</Dt></BookgDt><AcctSvcrRef>${ref}</AcctSvcrRef><AddtlNtryInf>${text}</AddtlNtryInf></Ntry>`;
const ofx = (body: string): string =>
  `OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>GBP\n<BANKACCTFROM><ACCTID>12345678</BANKACCTFROM>\n<BANKTRANLIST>\n${body}\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;
const trn = (fitid: string, amount: string, name: string): string =>
  `<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20261102<TRNAMT>${amount}<FITID>${fitid}<NAME>${name}</STMTTRN>`;
const lols = Array.from({ length: 9 }, (_, k) => `<!ENTITY lol${k + 1} "${`&lol${k};`.repeat(10)}">`).join('');
const truncatedOfx = ofx(`${trn('T1', '1.00', 'OAK')}\n${trn('T2', '2.00', 'ELM')}`);

const CASES: readonly (readonly [string, string, RegExp])[] = [
  [
    'xxe.xml',
    camt(ntry('R1', '1.00', '&x;'), '<!DOCTYPE Document [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'),
    /xxe\.xml:2: a <!DOCTYPE>/,
  ],
  [
    'param.xml',
    camt(ntry('R1', '1.00', 'x'), '<!DOCTYPE Document [<!ENTITY % p SYSTEM "file:///etc/passwd"> %p;]>\n'),
    /param\.xml:2: a <!DOCTYPE>/,
  ],
  [
    'laughs.xml',
    camt(ntry('R1', '1.00', '&lol9;'), `<!DOCTYPE lolz [<!ENTITY lol0 "lol">${lols}]>\n`),
    /laughs\.xml:2: a <!DOCTYPE>/,
  ],
  [
    'deep.xml',
    camt(`${'<A>'.repeat(200_000)}${'</A>'.repeat(200_000)}`),
    /deep\.xml:4: elements nested more than 64 deep/,
  ],
  [
    'charref.ofx',
    ofx(trn('T1', '1.00', 'OAK &#99999999; LTD')),
    /charref\.ofx:7: <NAME>: the character reference "&#99999999;" is no character/,
  ],
  [
    'cut.ofx',
    truncatedOfx.slice(0, truncatedOfx.indexOf('<TRNAMT>2.00') + 10),
    /cut\.ofx:8: the file ends inside <STMTTRN> opened here .*cut short/,
  ],
  [
    'cut.xml',
    camt(`${ntry('R1', '1.00', 'A')}\n${ntry('R2', '2.00', 'B')}`).replace(/R2<\/AcctSvcrRef>[^]*$/, 'R2'),
    /cut\.xml:5: the file ends inside <Ntry> opened at line 5/,
  ],
  [
    'twice.ofx',
    ofx(`${trn('T1', '1.00', 'OAK')}\n${trn('T1', '99.00', 'ELM')}`),
    /twice\.ofx:8: FITID "T1" is also at line 7, for a different payment/,
  ],
  [
    'huge.csv',
    `Date,Amount,Reference\n${'2026-11-02,1.00,A\n'.repeat(MAX_STATEMENT_LINES + 5)}`,
    new RegExp(
      `huge\\.csv: more than ${MAX_STATEMENT_LINES} lines \\(rows or transactions\\); one run reads at most ${MAX_STATEMENT_LINES}: split the statement`,
    ),
  ],
];

describe('hostile statements through the binary', () => {
  it('exit 2 naming file and line, no plan written, no request sent', async () => {
    for (const [name, text, message] of CASES) {
      const file = join(sandbox.dir, name);
      writeFileSync(file, text);
      const plan = join(sandbox.dir, `${name}.plan.json`);
      const run = await sandbox.edshed(['invoices', 'reconcile', file, '--plan', plan]);
      expect(run.exitCode, `${name}: ${String(run.stderr)}`).toBe(2);
      expect(String(run.stderr), name).toMatch(
        new RegExp(`${sandbox.dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/${message.source}.*; nothing was sent$`),
      );
      expect(String(run.stdout), name).toBe('');
      expect(existsSync(plan), name).toBe(false);
    }
    // A good statement afterwards: its reads are logged, so the log would show any a hostile one sent.
    const mark = Date.now();
    const good = join(sandbox.dir, 'good.csv');
    writeFileSync(good, 'Date,Amount,Reference\n2026-11-02,1.00,A\n');
    expect((await sandbox.edshed(['invoices', 'reconcile', good])).exitCode).toBe(0);
    const log = String((await sandbox.stop()).stdout);
    const reads = log
      .split('\n')
      .filter(
        (line) =>
          line.includes('"incoming request"') &&
          /"url":"\/(subscriptions\/invoices|schools|districts|schoolsubscriptions)\b/.test(line),
      );
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.filter((line) => Number(/"time":(\d+)/.exec(line)?.[1]) < mark)).toEqual([]);
  }, 120_000);
});
