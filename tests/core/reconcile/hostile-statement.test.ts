/**
 * Hostile statements: XML bombs, external and parameter entities, deep nesting, character references
 * that are no character, files cut short and bank ids given twice. Each is refused with a StatementError
 * naming the file and line (exit 2 in the CLI), whole or read as a stream in small pieces.
 */
import { describe, expect, it } from 'vitest';
import { mergeStatements, readStatement, readStatementStream } from '../../../core/domain/reconcile/statement.js';
import { scanStatement } from '../../../core/domain/reconcile/scan.js';
import { StatementError } from '../../../core/domain/reconcile/line.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const read = (text: string, file = 's.xml') => readStatement(bytes(text), { file });

async function* pieces(data: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
}
/** Read as the CLI reads a file: scanned, then streamed, in pieces of `size` bytes. */
async function stream(text: string, file = 's.xml', size = 7) {
  const data = bytes(text);
  const scan = await scanStatement(pieces(data, size), 1_000_000);
  return readStatementStream(pieces(data, size), scan, { file });
}
/** The error both ways of reading give: the same StatementError message. */
async function refusal(text: string, file = 's.xml'): Promise<string> {
  let whole: unknown;
  try {
    read(text, file);
  } catch (error) {
    whole = error;
  }
  expect(whole).toBeInstanceOf(StatementError);
  await expect(stream(text, file)).rejects.toThrow((whole as Error).message);
  return (whole as Error).message;
}

const camt = (entries: string, doctype = ''): string => `<?xml version="1.0" encoding="UTF-8"?>
${doctype}<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
<BkToCstmrStmt><GrpHdr><MsgId>M1</MsgId></GrpHdr>
<Stmt><Id>S1</Id><Acct><Id><IBAN>GB00TEST12345678</IBAN></Id></Acct>
${entries}
</Stmt></BkToCstmrStmt></Document>
`;
const entry = (ref: string, amount: string, text: string): string =>
  `<Ntry><Amt Ccy="GBP">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-11-05</Dt></BookgDt><AcctSvcrRef>${ref}</AcctSvcrRef><AddtlNtryInf>${text}</AddtlNtryInf></Ntry>`;

const ofx = (transactions: string): string => `OFXHEADER:100
DATA:OFXSGML
VERSION:102

<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>GBP
<BANKACCTFROM><BANKID>400000<ACCTID>12345678<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20261101<DTEND>20261130
${transactions}
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
`;
const trn = (fitid: string, amount: string, name: string): string =>
  `<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20261102<TRNAMT>${amount}<FITID>${fitid}<NAME>${name}</STMTTRN>`;

describe('XML statements with a DTD', () => {
  it('refuses an external entity without reading it, naming the line', async () => {
    const text = camt(
      entry('R1', '10.00', '&xxe;'),
      '<!DOCTYPE Document [\n<!ENTITY xxe SYSTEM "file:///etc/passwd">\n]>\n',
    );
    const message = await refusal(text);
    expect(message).toMatch(/^s\.xml:4: a <!DOCTYPE> \(a DTD\)/);
    expect(message).not.toContain('root:');
  });

  it('refuses a parameter entity', async () => {
    expect(
      await refusal(
        camt(
          entry('R1', '10.00', 'x'),
          '<!DOCTYPE Document [<!ENTITY % remote SYSTEM "http://127.0.0.1:9/evil.dtd"> %remote;]>\n',
        ),
      ),
    ).toMatch(/^s\.xml:2: a <!DOCTYPE>/);
  });

  it('refuses a billion laughs before expanding anything', async () => {
    const lols = Array.from({ length: 9 }, (_, k) => `<!ENTITY lol${k + 1} "${`&lol${k};`.repeat(10)}">`).join('\n');
    const text = camt(entry('R1', '10.00', '&lol9;'), `<!DOCTYPE lolz [\n<!ENTITY lol0 "lol">\n${lols}\n]>\n`);
    expect(await refusal(text)).toMatch(/^s\.xml:13: a <!DOCTYPE>/);
  });

  it('refuses an OFX 2 file that declares entities', async () => {
    const text = `<?xml version="1.0"?>\n<?OFX OFXHEADER="200" VERSION="220"?>\n<!DOCTYPE OFX [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<OFX><BANKMSGSRSV1></BANKMSGSRSV1></OFX>\n`;
    expect(await refusal(text, 'n.ofx')).toMatch(/^n\.ofx:3: a <!DOCTYPE> declaration/);
  });
});

describe('deep nesting and long texts', () => {
  it('refuses 200,000 nested tags in CAMT at the depth limit, naming the element path', async () => {
    const text = camt(
      `${'<Ntry>'.repeat(100)}\n${'<A>'.repeat(200_000)}${'</A>'.repeat(200_000)}${'</Ntry>'.repeat(100)}`,
    );
    expect(await refusal(text)).toMatch(
      /^s\.xml:5: elements nested more than 64 deep \(Document\/BkToCstmrStmt\/Stmt\/Ntry\/\.\.\.\/Ntry\)/,
    );
  });

  it('refuses 200,000 nested aggregates in OFX', async () => {
    const tags = Array.from({ length: 200_000 }, (_, k) => `<X${k}>`).join('');
    expect(await refusal(ofx(`<STMTTRN>\n${tags}`), 'n.ofx')).toMatch(
      /^n\.ofx:9: elements nested more than 64 deep \(OFX\/BANKMSGSRSV1\/STMTTRNRS\/STMTRS\/\.\.\.\/X\d+\)/,
    );
  });

  it('refuses a text longer than the limit', async () => {
    expect(await refusal(camt(entry('R1', '10.00', 'A'.repeat(70_000))))).toMatch(
      /^s\.xml:\d+: a text longer than 65536 characters/,
    );
    expect(await refusal(ofx(trn('T1', '1.00', 'A'.repeat(70_000))), 'n.ofx')).toMatch(
      /^n\.ofx:\d+: a value longer than 65536 characters/,
    );
  });
});

describe('character references that are no character', () => {
  it('refuses &#99999999; in an OFX NAME, naming the line and the element', async () => {
    expect(
      await refusal(ofx(`${trn('T1', '1.00', 'OAK')}\n${trn('T2', '2.00', 'ELM &#99999999; LTD')}`), 'n.ofx'),
    ).toBe('n.ofx:9: <NAME>: the character reference "&#99999999;" is no character');
    expect(await refusal(ofx(trn('T1', '1.00', 'A &#xD800;')), 'n.ofx')).toMatch(
      /^n\.ofx:8: <NAME>: the character reference "&#xD800;"/,
    );
  });

  it('still reads references that are characters', () => {
    expect(read(ofx(trn('T1', '1.00', 'CAF&#201; &amp; &#x263A;')), 'n.ofx').lines[0]?.text).toBe('CAFÉ & ☺');
  });

  it('refuses &#99999999; in CAMT', async () => {
    expect(await refusal(camt(entry('R1', '10.00', 'A &#99999999;')))).toMatch(/^s\.xml:5: not valid XML: /);
  });
});

describe('files cut short', () => {
  it('refuses an OFX ending inside its second STMTTRN, naming the line it opened', async () => {
    const whole = ofx(`${trn('T1', '1.00', 'OAK')}\n${trn('T2', '2.00', 'ELM')}`);
    const cut = whole.slice(0, whole.indexOf('<TRNAMT>2.00') + 10);
    expect(await refusal(cut, 'n.ofx')).toMatch(
      /^n\.ofx:9: the file ends inside <STMTTRN> opened here \(OFX\/.*\/STMTTRN never closed\): it seems cut short/,
    );
    expect(read(whole, 'n.ofx').lines).toHaveLength(2);
  });

  it('refuses an OFX whose last transaction is whole but whose end is missing', async () => {
    const whole = ofx(trn('T1', '1.00', 'OAK'));
    expect(await refusal(whole.slice(0, whole.indexOf('</BANKTRANLIST>')), 'n.ofx')).toMatch(
      /^n\.ofx:5: the file ends inside <OFX> opened here \(OFX\/BANKMSGSRSV1\/STMTTRNRS\/STMTRS\/BANKTRANLIST never closed\)/,
    );
  });

  it('refuses a CAMT file ending inside an entry', async () => {
    const whole = camt(`${entry('R1', '10.00', 'A')}\n${entry('R2', '20.00', 'B')}`);
    const cut = whole.slice(0, whole.indexOf('R2') + 2);
    expect(await refusal(cut)).toMatch(
      /^s\.xml:6: the file ends inside <Ntry> opened at line 6 \(Document\/BkToCstmrStmt\/Stmt\/Ntry\/AcctSvcrRef never closed\)/,
    );
  });
});

describe('one bank id for two payments', () => {
  it('refuses a FITID given to two different payments in one file, naming both lines', async () => {
    const message = await refusal(ofx(`${trn('T1', '1.00', 'OAK')}\n${trn('T1', '250.00', 'ELM')}`), 'n.ofx');
    expect(message).toMatch(/^n\.ofx:9: FITID "T1" is also at line 8, for a different payment/);
  });

  it('refuses an AcctSvcrRef given to two different payments', async () => {
    expect(await refusal(camt(`${entry('R1', '10.00', 'A')}\n${entry('R1', '11.00', 'A')}`))).toMatch(
      /^s\.xml:6: AcctSvcrRef "R1" is also at line 5/,
    );
  });

  it('keeps one line for the same payment in two overlapping statements', () => {
    const oct = read(ofx(trn('T1', '1.00', 'OAK')), 'oct.ofx').lines;
    const nov = read(ofx(`${trn('T1', '1.00', 'OAK')}\n${trn('T2', '2.00', 'ELM')}`), 'nov.ofx').lines;
    const merged = mergeStatements([oct, nov]);
    expect(merged.lines.map((l) => l.id)).toEqual(['b:12345678:T1', 'b:12345678:T2']);
    expect(merged.repeated).toBe(1);
  });
});

describe('the scan before reading', () => {
  it('counts lines per format and stops past the limit', async () => {
    const csv = `Date,Amount,Reference\n${'2026-11-02,1.00,A\n'.repeat(1000)}`;
    expect(await scanStatement(pieces(bytes(csv), 64), 10_000)).toEqual({
      encoding: 'utf-8',
      format: 'csv',
      lines: 1001,
    });
    // Past the limit it stops: what it counted is over the limit, and far from the whole file.
    const stopped = (await scanStatement(pieces(bytes(csv), 64), 100)).lines;
    expect(stopped).toBeGreaterThan(100);
    expect(stopped).toBeLessThan(1001);
    const many = ofx(Array.from({ length: 30 }, (_, k) => trn(`T${k}`, '1.00', 'OAK')).join('\n'));
    expect(await scanStatement(pieces(bytes(many), 5), 1000)).toEqual({ encoding: 'utf-8', format: 'ofx', lines: 30 });
    expect(
      (
        await scanStatement(
          pieces(new Uint8Array([...bytes('Date,Amount,Reference\n2026-11-02,1.00,'), 0xa3, 0x0a]), 3),
          10,
        )
      ).encoding,
    ).toBe('windows-1252');
  });
});
