/**
 * ISO 20022 CAMT.053 (bank to customer statement), any version: each Ntry of each Stmt, with the
 * bank's reference (AcctSvcrRef) as its id and the remittance text, end-to-end id and debtor's name as
 * its text. fast-xml-parser reads the XML (namespaces dropped); its validator names the line of bad XML.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { StatementError, type RawLine, type StatementLine } from './line.js';
import { lineAt, lineStarts } from './ofx.js';
import { readAmount, readCurrency, readDate } from './values.js';

/** Whether a text is a CAMT.053 statement. */
export const isCamt = (text: string): boolean => /<(\w+:)?BkToCstmrStmt[\s>]/.test(text.slice(0, 5000));

type Node = Record<string, unknown>;
const ARRAYS = new Set(['Stmt', 'Ntry', 'TxDtls', 'Ustrd', 'Ref']);

const obj = (value: unknown): Node => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const str = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : typeof obj(value)['#text'] === 'string' ? String(obj(value)['#text']).trim() : '');
const at = (node: unknown, ...path: string[]): unknown => path.reduce<unknown>((n, key) => obj(n)[key], node);

/**
 * Reads a CAMT.053 statement's entries.
 *
 * @example
 * readCamtStatement(xml, { file: 'nov.xml' }) // [{ date: '2026-11-02', amount: 12000, currency: 'gbp', text: 'INV-000123 OAKWOOD PRIMARY', bankId: '...', ... }]
 */
export function readCamtStatement(text: string, o: { readonly file: string }): RawLine[] {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new StatementError(o.file, valid.err.line, `not valid XML: ${valid.err.msg}`);
  const doc = new XMLParser({ removeNSPrefix: true, ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, isArray: (name) => ARRAYS.has(name) }).parse(text) as Node;
  const statement = at(doc, 'Document', 'BkToCstmrStmt');
  if (statement === undefined) throw new StatementError(o.file, 1, 'not a CAMT.053 statement (no Document/BkToCstmrStmt)');
  const starts = lineStarts(text);
  const entryAt = [...text.matchAll(/<(\w+:)?Ntry[\s>]/g)].map((m) => lineAt(starts, m.index));
  let n = 0;
  const lines: RawLine[] = [];
  for (const stmt of list(obj(statement).Stmt)) {
    const account = str(at(stmt, 'Acct', 'Id', 'IBAN')) || str(at(stmt, 'Acct', 'Id', 'Othr', 'Id'));
    for (const entry of list(obj(stmt).Ntry)) {
      const line = entryAt[n] ?? 1;
      n += 1;
      lines.push(entryLine(entry, { file: o.file, line, account }));
    }
  }
  return lines;
}

function entryLine(entry: unknown, where: { readonly file: string; readonly line: number; readonly account: string }): RawLine {
  const fail = (problem: string): StatementError => new StatementError(where.file, where.line, problem);
  const amt = at(entry, 'Amt');
  const amountText = str(amt);
  const amount = readAmount(amountText);
  if (amount === undefined) throw fail(`Amt "${amountText}" is not an amount`);
  const ccy = str(obj(amt)['@Ccy']);
  const currency: StatementLine['currency'] | undefined = readCurrency(ccy);
  if (currency === undefined) throw fail(`Ccy "${ccy}" is not a currency the API bills in`);
  const sign = str(at(entry, 'CdtDbtInd')) === 'DBIT' ? -1 : 1;
  const dateText = str(at(entry, 'BookgDt', 'Dt')) || str(at(entry, 'BookgDt', 'DtTm')) || str(at(entry, 'ValDt', 'Dt'));
  const date = readDate(dateText, 'ymd');
  if (date === undefined) throw fail(`BookgDt "${dateText}" is not a date`);
  const parts: string[] = [];
  for (const tx of list(at(entry, 'NtryDtls', 'TxDtls'))) {
    parts.push(str(at(tx, 'RltdPties', 'Dbtr', 'Nm')) || str(at(tx, 'RltdPties', 'Dbtr', 'Pty', 'Nm')));
    parts.push(...list(at(tx, 'RmtInf', 'Ustrd')).map(str));
    parts.push(...list(at(tx, 'RmtInf', 'Strd', 'CdtrRefInf', 'Ref')).map(str));
    const e2e = str(at(tx, 'Refs', 'EndToEndId'));
    if (e2e !== '' && e2e !== 'NOTPROVIDED') parts.push(e2e);
  }
  parts.push(str(at(entry, 'AddtlNtryInf')));
  const family = str(at(entry, 'BkTxCd', 'Domn', 'Fmly', 'SubFmlyCd'));
  const method = family === 'CCHQ' || family === 'CHQ' ? 'cheque' : family === 'CASH' ? 'cash' : undefined;
  const bankId = str(at(entry, 'AcctSvcrRef')) || str(at(entry, 'NtryRef'));
  const text = [...new Set(parts.filter((p) => p !== ''))].join(' ');
  return { date, amount: sign * Math.abs(amount), currency, text, file: where.file, line: where.line, ...(method ? { method } : {}), ...(bankId ? { bankId } : {}), ...(where.account ? { account: where.account } : {}) };
}
