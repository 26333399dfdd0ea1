/**
 * ISO 20022 CAMT.053 (bank to customer statement), any version: each Ntry of each Stmt, with the
 * bank's reference (AcctSvcrRef) as its id and the remittance text, end-to-end id and debtor's name as
 * its text. saxes reads the XML as a stream (namespace prefixes dropped), so only one entry is held at a
 * time; a DTD is refused before anything of it is read (no entity is ever expanded, no external one
 * fetched), as are nesting past MAX_DEPTH, a text past MAX_VALUE and a file cut short, naming the line.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { MAX_DEPTH, MAX_VALUE } from './limits.js';
import { StatementError, type RawLine, type StatementLine } from './line.js';
import type { PieceReader } from './ofx.js';
import { readAmount, readCurrency, readDate } from './values.js';

/** Whether a text is a CAMT.053 statement. */
export const isCamt = (text: string): boolean => /<(\w+:)?BkToCstmrStmt[\s>]/.test(text.slice(0, 5000));

type Node = Record<string, unknown>;
const ARRAYS = new Set(['Stmt', 'Ntry', 'TxDtls', 'Ustrd', 'Ref']);

const obj = (value: unknown): Node =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const str = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number'
    ? String(value).trim()
    : typeof obj(value)['#text'] === 'string'
      ? String(obj(value)['#text']).trim()
      : '';
const at = (node: unknown, ...path: string[]): unknown => path.reduce<unknown>((n, key) => obj(n)[key], node);
const local = (name: string): string => name.slice(name.indexOf(':') + 1);

/** An element being built: only inside an entry or a statement's account, the parts read. */
interface Building {
  readonly name: string;
  readonly children: Node;
  readonly attributes: Node | undefined;
  text: string;
  hasChildren: boolean;
}

/** A finished element as the entry reader takes it: its text, or its children and attributes (`@Ccy`). */
function valueOf(b: Building): unknown {
  const text = b.text.trim();
  if (!b.hasChildren && b.attributes === undefined) return text;
  return { ...b.children, ...b.attributes, ...(text === '' ? {} : { '#text': text }) };
}

function addChild(parent: Building, name: string, value: unknown): void {
  parent.hasChildren = true;
  const had = parent.children[name];
  if (had === undefined) parent.children[name] = ARRAYS.has(name) ? [value] : value;
  else if (Array.isArray(had)) had.push(value);
  else parent.children[name] = [had, value];
}

/**
 * A CAMT.053 reader fed the file's text in pieces: `feed` each, then `end` for the entries.
 *
 * @example
 * const reader = camtReader({ file: 'nov.xml' });
 * reader.feed(xml);
 * reader.end() // [{ date: '2026-11-02', amount: 12000, currency: 'gbp', text: 'INV-000123 OAKWOOD PRIMARY', bankId: '...', ... }]
 */
export function camtReader(o: { readonly file: string }): PieceReader {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const lines: RawLine[] = [];
  const path: string[] = [];
  // The elements being built, outermost (an Ntry, or a Stmt's Acct) first; empty outside them.
  const building: Building[] = [];
  let account = '';
  let entryLine = 1;
  let tagLine = 1;
  let sawStatement = false;
  // Characters since the last `<`: a text longer than MAX_VALUE is refused before saxes holds it whole.
  let run = 0;
  const fail = (problem: string, line = parser.line): StatementError => new StatementError(o.file, line, problem);

  parser.on('error', (error) => {
    throw fail(`not valid XML: ${error.message.replace(/^[^:]*:\d+:\d+: /, '')}`);
  });
  parser.on('doctype', () => {
    throw fail('a <!DOCTYPE> (a DTD): CAMT statements have none, and its entities are never read');
  });
  parser.on('opentagstart', () => {
    tagLine = parser.line;
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = local(tag.name);
    path.push(name);
    if (path.length > MAX_DEPTH)
      throw fail(
        `elements nested more than ${MAX_DEPTH} deep (${path.slice(0, 4).join('/')}/.../${name}): not a CAMT.053 statement`,
        tagLine,
      );
    const parent = path[path.length - 2];
    if (path.length === 2 && path[0] === 'Document' && name === 'BkToCstmrStmt') sawStatement = true;
    if (name === 'Stmt') account = '';
    const starts =
      building.length === 0 && ((name === 'Ntry' && parent === 'Stmt') || (name === 'Acct' && parent === 'Stmt'));
    if (name === 'Ntry' && parent === 'Stmt') entryLine = tagLine;
    if (starts || building.length > 0) {
      const attributes =
        Object.keys(tag.attributes).length === 0
          ? undefined
          : Object.fromEntries(Object.entries(tag.attributes).map(([key, value]) => [`@${local(key)}`, value]));
      building.push({ name, children: {}, attributes, text: '', hasChildren: false });
    }
  });
  const text = (t: string): void => {
    if (t.length > MAX_VALUE) throw fail(`a text longer than ${MAX_VALUE} characters: not a CAMT.053 statement`);
    const b = building.at(-1);
    if (b) b.text += t;
  };
  parser.on('text', text);
  parser.on('cdata', text);
  parser.on('closetag', () => {
    path.pop();
    const b = building.pop();
    if (b === undefined) return;
    const value = valueOf(b);
    const parent = building.at(-1);
    if (parent) addChild(parent, b.name, value);
    else if (b.name === 'Acct') account = str(at(value, 'Id', 'IBAN')) || str(at(value, 'Id', 'Othr', 'Id'));
    else lines.push(entryOf(value, { file: o.file, line: entryLine, account }));
  });

  return {
    feed(piece: string): void {
      const lt = piece.lastIndexOf('<');
      run = lt < 0 ? run + piece.length : piece.length - lt - 1;
      if (run > MAX_VALUE) throw fail(`a text longer than ${MAX_VALUE} characters: not a CAMT.053 statement`);
      parser.write(piece);
    },
    end(): RawLine[] {
      const entry = path.lastIndexOf('Ntry');
      if (path.length > 0)
        throw fail(
          `the file ends inside <${entry >= 0 ? 'Ntry' : (path.at(-1) ?? '')}>${entry >= 0 ? ` opened at line ${entryLine}` : ''} (${path.join('/')} never closed): it seems cut short; export the statement again`,
          entry >= 0 ? entryLine : parser.line,
        );
      parser.close();
      if (!sawStatement) throw fail('not a CAMT.053 statement (no Document/BkToCstmrStmt)', 1);
      return lines;
    },
  };
}

/**
 * Reads a CAMT.053 statement's entries.
 *
 * @example
 * readCamtStatement(xml, { file: 'nov.xml' }) // [{ date: '2026-11-02', amount: 12000, currency: 'gbp', text: 'INV-000123 OAKWOOD PRIMARY', bankId: '...', ... }]
 */
export function readCamtStatement(text: string, o: { readonly file: string }): RawLine[] {
  const reader = camtReader(o);
  reader.feed(text);
  return reader.end();
}

function entryOf(
  entry: unknown,
  where: { readonly file: string; readonly line: number; readonly account: string },
): RawLine {
  const fail = (problem: string): StatementError => new StatementError(where.file, where.line, problem);
  const amt = at(entry, 'Amt');
  const amountText = str(amt);
  const amount = readAmount(amountText);
  if (amount === undefined) throw fail(`Amt "${amountText}" is not an amount`);
  const ccy = str(obj(amt)['@Ccy']);
  const currency: StatementLine['currency'] | undefined = readCurrency(ccy);
  if (currency === undefined) throw fail(`Ccy "${ccy}" is not a currency the API bills in`);
  const sign = str(at(entry, 'CdtDbtInd')) === 'DBIT' ? -1 : 1;
  const dateText =
    str(at(entry, 'BookgDt', 'Dt')) || str(at(entry, 'BookgDt', 'DtTm')) || str(at(entry, 'ValDt', 'Dt'));
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
  return {
    date,
    amount: sign * Math.abs(amount),
    currency,
    text,
    file: where.file,
    line: where.line,
    ...(method ? { method } : {}),
    ...(bankId ? { bankId } : {}),
    ...(where.account ? { account: where.account } : {}),
  };
}
