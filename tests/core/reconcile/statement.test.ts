import { describe, expect, it } from 'vitest';
import { readStatement, mergeStatements } from '../../../core/domain/reconcile/statement.js';
import { StatementError } from '../../../core/domain/reconcile/line.js';
import { nameFit, nameWords } from '../../../core/domain/reconcile/names.js';
import { readColumnMap } from '../../../core/domain/reconcile/csv.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const read = (text: string | Uint8Array, o: Partial<Parameters<typeof readStatement>[1]> = {}) =>
  readStatement(typeof text === 'string' ? bytes(text) : text, { file: 's.csv', ...o });

describe('CSV statements', () => {
  it('finds the header under a preamble, reads paid in and paid out, and joins the text columns', () => {
    const { format, lines } = read(
      'Account,12345678\n\nDate,Description,Reference,Paid in,Paid out\n13/11/2026,ST MARYS CE PRIM,INV-000123,"1,200.00",\n14/11/2026,CARD FEE,,,3.50\n',
    );
    expect(format).toBe('csv');
    expect(lines.map((l) => [l.date, l.amount, l.text, l.line])).toEqual([
      ['2026-11-13', 120000, 'ST MARYS CE PRIM INV-000123', 4],
      ['2026-11-14', -350, 'CARD FEE', 5],
    ]);
  });

  it('refuses dates that read both as day/month and month/day, naming file and line, until told which', () => {
    const text = 'Date,Amount,Reference\n03/04/2026,10.00,A\n05/06/2026,12.00,B\n';
    expect(() => read(text)).toThrow(StatementError);
    expect(() => read(text)).toThrow(/s\.csv:2: every date reads both/);
    expect(read(text, { dateFormat: 'dmy' }).lines[0]?.date).toBe('2026-04-03');
    expect(read(text, { dateFormat: 'mdy' }).lines[0]?.date).toBe('2026-03-04');
  });

  it('takes the order from a date that reads one way only', () => {
    expect(read('Date,Amount,Reference\n03/04/2026,10.00,A\n25/06/2026,12.00,B\n').lines[0]?.date).toBe('2026-04-03');
  });

  it('names the line of a bad amount', () => {
    expect(() => read('Date,Amount,Reference\n2026-11-02,ten,A\n')).toThrow('s.csv:2: amount "ten" is not an amount');
  });

  it('reads a comma as decimals before two digits or between thousands, and refuses any other comma', () => {
    const amounts = (...cells: string[]) =>
      read(`Date,Amount,Reference\n${cells.map((a) => `2026-11-02,"${a}",A`).join('\n')}\n`).lines.map((l) => l.amount);
    expect(amounts('1234,50', '1.234,50', '1,234.50', '1,234', '12,345,678.90', '90,00')).toEqual([
      123450, 123450, 123450, 123400, 1234567890, 9000,
    ]);
    // Read with the comma dropped, these were £125.00, £900.00 and £100,000.00: a payment scaled by a guess.
    for (const bad of ['12,5', '90,0', '1,00,000.00', '1234,5', '12,34,56'])
      expect(() => amounts(bad), bad).toThrow(`s.csv:2: amount "${bad}" is not an amount`);
  });

  it("refuses an amount written in another currency than the line's, naming the line", () => {
    const text = (cell: string) => `Date,Amount,Reference\n2026-11-02,"${cell}",INV-1\n`;
    // No currency column: the lines are --currency's (gbp here); "€90,00" is no £90.00 payment.
    expect(() => read(text('€90,00'), { currency: 'gbp' })).toThrow(
      "s.csv:2: the amount is written in EUR, the line's currency is GBP (no currency column: --currency says which)",
    );
    expect(() => read(text('90.00 EUR'), { currency: 'gbp' })).toThrow('written in EUR');
    expect(() => read('Date,Amount,Currency,Reference\n2026-11-02,£90.00,EUR,INV-1\n')).toThrow(
      "s.csv:2: the amount is written in GBP, the line's currency is EUR",
    );
    const amounts = (cell: string, currency: 'gbp' | 'eur') =>
      read(text(cell), { currency }).lines.map((l) => l.amount);
    expect([
      amounts('€90,00', 'eur'),
      amounts('£90.00', 'gbp'),
      amounts('$90.00', 'gbp'),
      amounts('-£5.00', 'gbp'),
    ]).toEqual([[9000], [9000], [9000], [-500]]);
  });

  it('reads UTF-8 with a BOM and Windows-1252 alike', () => {
    const utf8 = read(
      new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('Date,Amount,Reference\n2026-11-02,10.00,ÉCOLE ST JOSÉ\n')]),
    );
    const cp1252 = read(
      new Uint8Array([...bytes('Date,Amount,Reference\n2026-11-02,10.00,'), 0xc9, ...bytes('COLE ST JOS'), 0xc9, 0x0a]),
    );
    expect(utf8.lines[0]?.text).toBe('ÉCOLE ST JOSÉ');
    expect(cp1252.lines[0]?.text).toBe('ÉCOLE ST JOSÉ');
    expect(cp1252.lines[0]?.id).toBe(utf8.lines[0]?.id);
  });

  it('keeps two identical lines of one day as two, and counts an overlapping statement once', () => {
    const a = read('Date,Amount,Reference\n2026-11-02,10.00,OAK\n2026-11-02,10.00,OAK\n2026-11-03,5.00,ELM\n').lines;
    const b = read(
      'Date,Amount,Reference\n2026-11-02,10.00,OAK\n2026-11-02,10.00,OAK\n2026-11-03,5.00,ELM\n2026-11-04,7.00,ASH\n',
    ).lines;
    expect(new Set(a.map((l) => l.id)).size).toBe(3);
    const merged = mergeStatements([a, b]);
    expect(merged.lines).toHaveLength(4);
    expect(merged.repeated).toBe(3);
  });

  it('uses a --columns mapping for headers it does not know', () => {
    const { lines } = read('Posted,Value,Memo,Who\n2026-11-02,10.00,INV-1,OAK\n', {
      columns: { date: ['Posted'], amount: ['Value'], text: ['Who', 'Memo'] },
    });
    expect(lines[0]?.text).toBe('OAK INV-1');
    expect(() => read('Posted,Value\n2026-11-02,10.00\n')).toThrow(/no header row/);
  });

  it('refuses a --columns header that no row has, naming it, instead of reading the file without that column', () => {
    const text = 'Bank export\nPosted,Value,Memo,Who\n2026-11-02,10.00,INV-1,OAK\n';
    // "Memmo" misspelt: read as it was, the text lost the reference and kept only "OAK".
    expect(() => read(text, { columns: { date: ['Posted'], amount: ['Value'], text: ['Who', 'Memmo'] } })).toThrow(
      's.csv:1: no header row with every header --columns names ("Memmo" is in none of its first rows)',
    );
    expect(() => read(text, { columns: { date: ['Posted'], amount: ['Valeu'] } })).toThrow('("Valeu" is in none');
    expect(() => readColumnMap('')).toThrow('give FIELD=HEADER pairs');
    expect(readColumnMap('date=Posted,text=Memo+Who')).toEqual({ date: ['Posted'], text: ['Memo', 'Who'] });
  });
});

const OFX1 = `OFXHEADER:100
DATA:OFXSGML
VERSION:102
ENCODING:USASCII
CHARSET:1252

<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>GBP
<BANKACCTFROM><BANKID>400000<ACCTID>12345678<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20261101<DTEND>20261130
<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20261102120000[0:GMT]<TRNAMT>120.00<FITID>T1<NAME>ST MARYS CE PRIM<MEMO>INV-000123
<STMTTRN><TRNTYPE>CHECK<DTPOSTED>20261103<TRNAMT>45.00<FITID>T2<NAME>OAKFIELD &amp; CO
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
`;

describe('OFX statements', () => {
  it('reads 1.x SGML, with the bank ids as line ids and the line of each transaction', () => {
    const { format, lines } = read(OFX1, { file: 'n.ofx' });
    expect(format).toBe('ofx');
    expect(lines.map((l) => [l.id, l.date, l.amount, l.currency, l.text, l.line, l.method])).toEqual([
      ['b:12345678:T1', '2026-11-02', 12000, 'gbp', 'ST MARYS CE PRIM INV-000123', 10, undefined],
      ['b:12345678:T2', '2026-11-03', 4500, 'gbp', 'OAKFIELD & CO', 11, 'cheque'],
    ]);
  });

  it('reads 2.x XML to the same lines', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<?OFX OFXHEADER="200" VERSION="220"?>\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>GBP</CURDEF><BANKACCTFROM><ACCTID>12345678</ACCTID></BANKACCTFROM><BANKTRANLIST>\n<STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20261102</DTPOSTED><TRNAMT>120.00</TRNAMT><FITID>T1</FITID><NAME>ST MARYS CE PRIM</NAME><MEMO>INV-000123</MEMO></STMTTRN>\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    const { format, lines } = read(xml, { file: 'n.ofx' });
    expect(format).toBe('ofx2');
    expect(lines.map((l) => [l.id, l.amount, l.text])).toEqual([
      ['b:12345678:T1', 12000, 'ST MARYS CE PRIM INV-000123'],
    ]);
  });

  it('names the line of a bad amount', () => {
    expect(() => read(OFX1.replace('<TRNAMT>45.00', '<TRNAMT>4x'), { file: 'n.ofx' })).toThrow(
      'n.ofx:11: TRNAMT "4x" is not an amount',
    );
  });
});

const CAMT = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
<BkToCstmrStmt><GrpHdr><MsgId>M1</MsgId></GrpHdr>
<Stmt><Id>S1</Id><Acct><Id><IBAN>GB00TEST12345678</IBAN></Id></Acct>
<Ntry><Amt Ccy="EUR">250.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-11-05</Dt></BookgDt><AcctSvcrRef>R1</AcctSvcrRef>
<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Scoil Mhuire</Nm></Dbtr></RltdPties><RmtInf><Ustrd>INV-000124</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
<Ntry><Amt Ccy="EUR">9.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2026-11-06</Dt></BookgDt><AcctSvcrRef>R2</AcctSvcrRef></Ntry>
</Stmt></BkToCstmrStmt></Document>`;

describe('CAMT.053 statements', () => {
  it('reads entries with their currency, sign, text and the bank reference as id', () => {
    const { format, lines } = read(CAMT, { file: 'n.xml' });
    expect(format).toBe('camt');
    expect(lines.map((l) => [l.id, l.date, l.amount, l.currency, l.text, l.line])).toEqual([
      ['b:GB00TEST12345678:R1', '2026-11-05', 25000, 'eur', 'Scoil Mhuire INV-000124', 5],
      ['b:GB00TEST12345678:R2', '2026-11-06', -900, 'eur', '', 7],
    ]);
  });

  it('names the line of XML that is not well formed', () => {
    expect(() => read(CAMT.replace('</Ntry>\n<Ntry>', '</Nt>\n<Ntry>'), { file: 'n.xml' })).toThrow(
      /^n\.xml:\d+: not valid XML/,
    );
  });
});

describe('names as banks write them', () => {
  it('reads the long and the bank forms to the same words', () => {
    expect(nameWords("St Mary's C of E Primary School")).toEqual(['ST', 'MARYS', 'CE', 'PRIM']);
    expect(nameWords('ST MARYS CE PRIM')).toEqual(['ST', 'MARYS', 'CE', 'PRIM']);
    expect(nameWords('Saint Mary’s Church of England Primary')).toEqual(['ST', 'MARYS', 'CE', 'PRIM']);
  });

  it('tells how much of a name a text shows, how much of the text it explains, and whether it shows its first word', () => {
    const one = (): number => 1;
    const known = (): boolean => true;
    const text = nameWords('HILLCREST ACADEMY');
    const school = nameFit(nameWords('Hillcrest Primary Academy'), text, one, known);
    const trust = nameFit(nameWords('Hillcrest Academy Trust North East'), text, one, known);
    // The school shows more of itself, but both explain the whole text: a name cut at 18 characters names both.
    expect(school.score).toBeGreaterThan(trust.score);
    expect([school.cover, trust.cover]).toEqual([2, 2]);
    expect([school.leads, trust.leads]).toEqual([true, true]);
    // A name whose first word the text lacks is not a name the bank cut short, whatever it explains (HILL
    // could be HILLCREST cut short).
    expect(nameFit(nameWords('Castle Hill Academy'), text, one, known)).toMatchObject({ cover: 2, leads: false });
    expect(nameFit(nameWords('Oakfield Academy'), text, one, known)).toMatchObject({ cover: 1, leads: false });
    // Words of other names count against the score, not the cover.
    expect(nameFit(['ST', 'MARYS', 'CE', 'PRIM'], ['ST', 'MARYS', 'CE', 'PRI'], one, known).score).toBeCloseTo(0.95);
    expect(nameFit(['ST', 'MARYS'], ['ST', 'MARYS', 'REDWOOD'], one, known)).toMatchObject({ score: 2 / 3, cover: 2 });
  });
});
