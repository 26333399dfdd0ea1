/** Generated statements rendered as a bank writes them, for rehearsal and measurement (./generate.ts makes them). */
import type { GeneratedLine } from './generate.js';
import type { StatementFormat } from './line.js';

const dmy = (date: string): string => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
const decimal = (minor: number): string =>
  `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;
const csvCell = (text: string): string => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
const xml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A statement rendered in one format: CSV with day/month dates and paid in/paid out columns, OFX 1.x
 * (SGML), OFX 2.x (XML) or CAMT.053. Every line of one currency statement; CSV carries a currency column.
 *
 * @example
 * renderStatement(generated.lines, 'csv', { account: '12345678' })
 */
export function renderStatement(
  lines: readonly GeneratedLine[],
  format: StatementFormat,
  o: { readonly account: string },
): string {
  const currency = (lines[0]?.currency ?? 'gbp').toUpperCase();
  if (format === 'csv') {
    const rows = lines.map((l) =>
      [
        dmy(l.date),
        csvCell(l.text),
        l.amount > 0 ? decimal(l.amount) : '',
        l.amount < 0 ? decimal(-l.amount) : '',
        l.currency.toUpperCase(),
      ].join(','),
    );
    return `Account,${o.account}\n\nDate,Description,Paid in,Paid out,Currency\n${rows.join('\n')}\n`;
  }
  if (format === 'camt') {
    const entries = lines.map(
      (l) =>
        `<Ntry><Amt Ccy="${l.currency.toUpperCase()}">${decimal(Math.abs(l.amount))}</Amt><CdtDbtInd>${l.amount < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>${l.date}</Dt></BookgDt><ValDt><Dt>${l.date}</Dt></ValDt><AcctSvcrRef>${l.bankId}</AcctSvcrRef><NtryDtls><TxDtls><RmtInf><Ustrd>${xml(l.text)}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
    );
    return `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">\n<BkToCstmrStmt><GrpHdr><MsgId>EDSHED-SANDBOX</MsgId><CreDtTm>${lines.at(-1)?.date ?? '2026-01-01'}T00:00:00</CreDtTm></GrpHdr>\n<Stmt><Id>1</Id><Acct><Id><Othr><Id>${o.account}</Id></Othr></Id><Ccy>${currency}</Ccy></Acct>\n${entries.join('\n')}\n</Stmt></BkToCstmrStmt></Document>\n`;
  }
  const closing = format === 'ofx2';
  const tag = (name: string, value: string): string => `<${name}>${xml(value)}${closing ? `</${name}>` : ''}`;
  const txns = lines.map(
    (l) =>
      `<STMTTRN>${tag('TRNTYPE', l.amount < 0 ? 'DEBIT' : 'CREDIT')}${tag('DTPOSTED', l.date.replaceAll('-', ''))}${tag('TRNAMT', decimal(l.amount))}${tag('FITID', l.bankId)}${tag('NAME', l.text.slice(0, 32))}${l.text.length > 32 ? tag('MEMO', l.text.slice(32)) : ''}</STMTTRN>`,
  );
  const body = `<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1${closing ? '</TRNUID>' : ''}<STMTRS>${tag('CURDEF', currency)}<BANKACCTFROM>${tag('BANKID', '400000')}${tag('ACCTID', o.account)}${tag('ACCTTYPE', 'CHECKING')}</BANKACCTFROM>\n<BANKTRANLIST>\n${txns.join('\n')}\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;
  return closing
    ? `<?xml version="1.0" encoding="UTF-8"?>\n<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>\n${body}`
    : `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n${body}`;
}
