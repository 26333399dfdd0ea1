/**
 * OFX statements, 1.x (SGML: leaf tags are not closed) and 2.x (XML). One tag reader serves both: a
 * value is the text after a tag up to the next tag, so `<TRNAMT>12.00` and `<TRNAMT>12.00</TRNAMT>` read
 * alike. Only the statement's currency, account and transactions are read.
 */
import { methodOfType } from './csv.js';
import { StatementError, type RawLine, type StatementLine } from './line.js';
import { readAmount, readCurrency, readDate } from './values.js';

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const unescape = (text: string): string => text.replace(/&(#\d+|[a-z]+);/gi, (whole, name: string) => (name.startsWith('#') ? String.fromCodePoint(Number(name.slice(1))) : (ENTITIES[name.toLowerCase()] ?? whole)));

/** Whether a text is an OFX file (either version). */
export const isOfx = (text: string): boolean => /^\s*(OFXHEADER:|<\?xml[^>]*>\s*<\?OFX|<OFX>)/i.test(text) || /<OFX>/i.test(text.slice(0, 2000));

/** The line of each offset: the offsets where lines start. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The 1-based line holding an offset. */
export function lineAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

interface Txn {
  readonly line: number;
  readonly fields: Map<string, string>;
}

/**
 * Reads an OFX statement's transactions (every STMTTRN), with its CURDEF and ACCTID.
 *
 * @example
 * readOfxStatement(text, { file: 'nov.ofx' }) // [{ date: '2026-11-02', amount: 12000, currency: 'gbp', text: 'OAKWOOD PRIMARY INV-000123', bankId: '2026110201', ... }]
 */
export function readOfxStatement(text: string, o: { readonly file: string; readonly currency: StatementLine['currency'] }): RawLine[] {
  const starts = lineStarts(text);
  const tag = /<(\/?)([A-Za-z0-9.]+)\s*>([^<]*)/g;
  const lines: RawLine[] = [];
  let currency: StatementLine['currency'] | undefined;
  let account: string | undefined;
  let txn: Txn | undefined;
  let sawOfx = false;
  for (let m = tag.exec(text); m !== null; m = tag.exec(text)) {
    const closing = m[1] === '/';
    const name = (m[2] as string).toUpperCase();
    const value = unescape((m[3] as string).trim());
    if (name === 'OFX') sawOfx = true;
    if (name === 'STMTTRN') {
      if (closing && txn) {
        lines.push(toLine(txn, o, currency, account));
        txn = undefined;
      } else if (!closing) {
        if (txn) lines.push(toLine(txn, o, currency, account));
        txn = { line: lineAt(starts, m.index), fields: new Map() };
      }
      continue;
    }
    if (closing) {
      if (name === 'BANKTRANLIST' && txn) {
        lines.push(toLine(txn, o, currency, account));
        txn = undefined;
      }
      continue;
    }
    if (txn) {
      if (value !== '') txn.fields.set(name, value);
    } else if (name === 'CURDEF' && value !== '') {
      currency = readCurrency(value);
      if (currency === undefined) throw new StatementError(o.file, lineAt(starts, m.index), `CURDEF "${value}" is not a currency the API bills in`);
    } else if (name === 'ACCTID' && value !== '') account = value;
  }
  if (!sawOfx) throw new StatementError(o.file, 1, 'not an OFX file (no <OFX> element)');
  return lines;
}

function toLine(txn: Txn, o: { readonly file: string; readonly currency: StatementLine['currency'] }, currency: StatementLine['currency'] | undefined, account: string | undefined): RawLine {
  const get = (name: string): string => txn.fields.get(name) ?? '';
  const dateText = get('DTPOSTED') || get('DTUSER');
  const date = readDate(dateText, 'ymd');
  if (date === undefined) throw new StatementError(o.file, txn.line, `DTPOSTED "${dateText}" is not a date`);
  const amountText = get('TRNAMT');
  const amount = readAmount(amountText);
  if (amount === undefined) throw new StatementError(o.file, txn.line, `TRNAMT "${amountText}" is not an amount`);
  const own = txn.fields.get('CURSYM');
  const lineCurrency = own === undefined ? (currency ?? o.currency) : readCurrency(own);
  if (lineCurrency === undefined) throw new StatementError(o.file, txn.line, `currency "${own ?? ''}" is not one the API bills in`);
  const text = [get('NAME'), get('PAYEE'), get('MEMO'), get('REFNUM'), get('CHECKNUM') ? `CHQ ${get('CHECKNUM')}` : ''].filter((t) => t !== '').join(' ');
  const method = methodOfType(get('TRNTYPE') === 'CHECK' ? 'cheque' : get('TRNTYPE') === 'CASH' ? 'cash' : get('TRNTYPE') === 'DIRECTDEP' ? '' : get('TRNTYPE') === 'POS' ? 'card' : '');
  const bankId = get('FITID');
  return { date, amount, currency: lineCurrency, text, file: o.file, line: txn.line, ...(method ? { method } : {}), ...(bankId ? { bankId } : {}), ...(account ? { account } : {}) };
}
