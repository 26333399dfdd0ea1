/**
 * OFX statements, 1.x (SGML: leaf tags are not closed) and 2.x (XML). One tag reader serves both: a
 * value is the text after a tag up to the next tag, so `<TRNAMT>12.00` and `<TRNAMT>12.00</TRNAMT>` read
 * alike. Only the statement's currency, account and transactions are read. The text comes in pieces
 * (a file read as a stream): a piece is read up to its last `<`, the rest waits for the next piece.
 * Hostile files are refused naming the line: a DTD or entity declaration (never read), a character
 * reference that is no character, nesting past MAX_DEPTH, a value past MAX_VALUE, a file cut short.
 */
import { methodOfType } from './csv.js';
import { MAX_DEPTH, MAX_VALUE } from './limits.js';
import { StatementError, type RawLine, type StatementLine } from './line.js';
import { readAmount, readCurrency, readDate } from './values.js';

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** A character reference's character, or undefined when the number is no Unicode scalar value. */
function characterOf(reference: string): string | undefined {
  const code = /^#x/i.test(reference) ? Number.parseInt(reference.slice(2), 16) : Number(reference.slice(1));
  if (!Number.isInteger(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return undefined;
  return String.fromCodePoint(code);
}

/** Whether a text is an OFX file (either version). */
export const isOfx = (text: string): boolean =>
  /^\s*(OFXHEADER:|<\?xml[^>]*>\s*<\?OFX|<OFX>)/i.test(text) || /<OFX>/i.test(text.slice(0, 2000));

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

interface Open {
  readonly name: string;
  readonly line: number;
}

interface OfxOptions {
  readonly file: string;
  readonly currency: StatementLine['currency'];
}

/** A statement reader fed the text in pieces: `feed` each, then `end` for the lines. */
export interface PieceReader {
  feed(text: string): void;
  end(): RawLine[];
}

/**
 * An OFX reader fed the file's text in pieces. Aggregates (a tag with no value) are kept on a stack: a
 * closing tag closes up to its own (SGML's implied ends), an aggregate opened where one of its name is
 * innermost closes that one (an unclosed STMTTRN), and at the end nothing may be left open.
 *
 * @example
 * const reader = ofxReader({ file: 'nov.ofx', currency: 'gbp' });
 * reader.feed(text);
 * reader.end() // [{ date: '2026-11-02', amount: 12000, ... }]
 */
export function ofxReader(o: OfxOptions): PieceReader {
  const lines: RawLine[] = [];
  const open: Open[] = [];
  let currency: StatementLine['currency'] | undefined;
  let account: string | undefined;
  let txn: Txn | undefined;
  let sawOfx = false;
  let pending = '';
  // The line at the start of `pending`.
  let pendingLine = 1;
  const tag = /<(\/?)([A-Za-z0-9.]+)\s*>([^<]*)/g;
  const finish = (): void => {
    if (txn) lines.push(toLine(txn, o, currency, account));
    txn = undefined;
  };

  const unescape = (text: string, name: string, line: number): string =>
    text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
      if (!ref.startsWith('#')) return ENTITIES[ref.toLowerCase()] ?? whole;
      const char = characterOf(ref);
      if (char === undefined)
        throw new StatementError(o.file, line, `<${name}>: the character reference "${whole}" is no character`);
      return char;
    });

  const element = (closing: boolean, name: string, raw: string, line: number): void => {
    if (name === 'OFX') sawOfx = true;
    if (raw.length > MAX_VALUE)
      throw new StatementError(o.file, line, `a value longer than ${MAX_VALUE} characters: not an OFX statement`);
    const value = raw.trim();
    if (closing) {
      const at = open.map((e) => e.name).lastIndexOf(name);
      if (at >= 0) {
        open.length = at;
        if (name === 'STMTTRN' || (txn && !open.some((e) => e.name === 'STMTTRN'))) finish();
      }
      return;
    }
    if (value === '') {
      if (open.at(-1)?.name === name) open.pop();
      if (name === 'STMTTRN') {
        finish();
        txn = { line, fields: new Map() };
      }
      open.push({ name, line });
      if (open.length > MAX_DEPTH)
        throw new StatementError(
          o.file,
          line,
          `elements nested more than ${MAX_DEPTH} deep (${open
            .slice(0, 4)
            .map((e) => e.name)
            .join('/')}/.../${name}): not an OFX statement`,
        );
      return;
    }
    const text = unescape(value, name, line);
    if (txn) txn.fields.set(name, text);
    else if (name === 'CURDEF') {
      currency = readCurrency(text);
      if (currency === undefined)
        throw new StatementError(o.file, line, `CURDEF "${text}" is not a currency the API bills in`);
    } else if (name === 'ACCTID') account = text;
  };

  /** Reads `text` whole: every tag in it has its value, since the text ends where a `<` begins. */
  const read = (text: string): void => {
    const declaration = /<!(DOCTYPE|ENTITY|ELEMENT|ATTLIST)/i.exec(text);
    if (declaration)
      throw new StatementError(
        o.file,
        pendingLine + count(text, 0, declaration.index),
        `a <!${declaration[1]?.toUpperCase() ?? ''}> declaration: OFX statements have none, and entities are never read`,
      );
    let line = pendingLine;
    let at = 0;
    tag.lastIndex = 0;
    for (let m = tag.exec(text); m !== null; m = tag.exec(text)) {
      line += count(text, at, m.index);
      at = m.index;
      element(m[1] === '/', (m[2] as string).toUpperCase(), m[3] as string, line);
    }
    pendingLine = line + count(text, at, text.length);
  };

  return {
    feed(piece: string): void {
      const text = pending + piece;
      const cut = text.lastIndexOf('<');
      if (cut <= 0) {
        if (text.length > MAX_VALUE)
          throw new StatementError(
            o.file,
            pendingLine,
            `a value longer than ${MAX_VALUE} characters: not an OFX statement`,
          );
        pending = text;
        return;
      }
      read(text.slice(0, cut));
      pending = text.slice(cut);
    },
    end(): RawLine[] {
      read(pending);
      pending = '';
      if (!sawOfx) throw new StatementError(o.file, 1, 'not an OFX file (no <OFX> element)');
      if (open.length > 0) {
        const cut = open.findLast((e) => e.name === 'STMTTRN') ?? (open[0] as Open);
        throw new StatementError(
          o.file,
          cut.line,
          `the file ends inside <${cut.name}> opened here (${open.map((e) => e.name).join('/')} never closed): it seems cut short; export the statement again`,
        );
      }
      finish();
      return lines;
    },
  };
}

/** Newlines in `text` from `from` to `to`. */
function count(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) n += 1;
  return n;
}

/**
 * Reads an OFX statement's transactions (every STMTTRN), with its CURDEF and ACCTID.
 *
 * @example
 * readOfxStatement(text, { file: 'nov.ofx', currency: 'gbp' }) // [{ date: '2026-11-02', amount: 12000, currency: 'gbp', text: 'OAKWOOD PRIMARY INV-000123', bankId: '2026110201', ... }]
 */
export function readOfxStatement(text: string, o: OfxOptions): RawLine[] {
  const reader = ofxReader(o);
  reader.feed(text);
  return reader.end();
}

function toLine(
  txn: Txn,
  o: OfxOptions,
  currency: StatementLine['currency'] | undefined,
  account: string | undefined,
): RawLine {
  const get = (name: string): string => txn.fields.get(name) ?? '';
  const dateText = get('DTPOSTED') || get('DTUSER');
  const date = readDate(dateText, 'ymd');
  if (date === undefined) throw new StatementError(o.file, txn.line, `DTPOSTED "${dateText}" is not a date`);
  const amountText = get('TRNAMT');
  const amount = readAmount(amountText);
  if (amount === undefined) throw new StatementError(o.file, txn.line, `TRNAMT "${amountText}" is not an amount`);
  const own = txn.fields.get('CURSYM');
  const lineCurrency = own === undefined ? (currency ?? o.currency) : readCurrency(own);
  if (lineCurrency === undefined)
    throw new StatementError(o.file, txn.line, `currency "${own ?? ''}" is not one the API bills in`);
  const text = [get('NAME'), get('PAYEE'), get('MEMO'), get('REFNUM'), get('CHECKNUM') ? `CHQ ${get('CHECKNUM')}` : '']
    .filter((t) => t !== '')
    .join(' ');
  const method = methodOfType(
    get('TRNTYPE') === 'CHECK'
      ? 'cheque'
      : get('TRNTYPE') === 'CASH'
        ? 'cash'
        : get('TRNTYPE') === 'DIRECTDEP'
          ? ''
          : get('TRNTYPE') === 'POS'
            ? 'card'
            : '',
  );
  const bankId = get('FITID');
  return {
    date,
    amount,
    currency: lineCurrency,
    text,
    file: o.file,
    line: txn.line,
    ...(method ? { method } : {}),
    ...(bankId ? { bankId } : {}),
    ...(account ? { account } : {}),
  };
}
