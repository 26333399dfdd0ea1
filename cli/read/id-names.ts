/**
 * Names beside ids in a list's table: `school_id 152` is shown with its school's name, fetched once for
 * a page of rows (one request for the page, never one a row), and a product's name read off the row itself.
 */
import { MAX_TAKE } from '../../core/domain/constants.js';
import type { Factory } from '../factory/factory.js';
import type { Row } from '../output/rows.js';
import { checkedAnswer } from './records.js';

/** A column of another record's id, and the column of its name shown beside it. */
interface NamedId {
  readonly id: string;
  readonly name: string;
  /** The object of the row that may carry the record's name itself (a subscription's `product`). */
  readonly own?: string;
  /** Reads names of records of this kind; absent when only the row's own object names it. */
  readonly directory?: 'schools';
}

const NAMED_IDS: readonly NamedId[] = [
  { id: 'school_id', name: 'school_name', own: 'school', directory: 'schools' },
  { id: 'product_id', name: 'product_name', own: 'product' },
];

/** A table's rows and columns with names beside ids, and the names' priorities (a name always stays). */
export interface Named {
  readonly rows: readonly Row[];
  readonly columns: readonly string[];
  readonly priorities: Readonly<Record<string, number>>;
}

/** Names of records by id, read a page of the API's list at a time as rows need them. */
export interface NameBook {
  /**
   * The rows with a name column beside each id column shown, filled from the row or from the book; at
   * most one request for the call (the next page of the school list), and none when every id is known.
   */
  named(
    rows: readonly Row[],
    columns: readonly string[],
    priorities?: Readonly<Record<string, number>>,
  ): Promise<Named>;
}

const nameOf = (value: unknown): string | undefined => {
  if (value === null || typeof value !== 'object') return undefined;
  const name = (value as { readonly name?: unknown }).name;
  return typeof name === 'string' && name !== '' ? name : undefined;
};

/**
 * A book of school names for one command's tables. The API has no read of several schools by id, so
 * it reads the list of schools (`GET schools`, the largest page) when a page of rows holds an id it does
 * not know, one page of that list per page of rows, until the list is read to its end. A read that fails
 * leaves the names blank: names help a person, the rows are the answer.
 *
 * @example
 * const { rows, columns } = await nameBook(c).named(invoices, ['id', 'school_id', 'state']);
 */
export function nameBook(f: Factory): NameBook {
  const schools = new Map<number, string>();
  let skip = 0;
  let ended = false;
  const readMore = async () => {
    if (ended) return;
    try {
      const api = await f.api();
      const answer = await checkedAnswer(
        'schools list',
        await api.schools.list({ skip, take: MAX_TAKE }),
        'GET schools',
      );
      for (const school of answer.schools)
        if ('id' in school && typeof school.id === 'number') schools.set(school.id, school.name);
      skip += answer.schools.length;
      ended = answer.schools.length < MAX_TAKE || skip >= answer.total;
    } catch {
      ended = true;
    }
  };
  return {
    async named(rows, columns, priorities = {}) {
      const shown = NAMED_IDS.filter((n) => columns.includes(n.id) && !columns.includes(n.name));
      if (shown.length === 0) return { rows, columns, priorities };
      const own = (row: Row, n: NamedId) =>
        typeof row[n.name] === 'string' && row[n.name] !== ''
          ? (row[n.name] as string)
          : n.own === undefined
            ? undefined
            : nameOf(row[n.own]);
      const unknown = rows.some((row) =>
        shown.some(
          (n) =>
            n.directory &&
            typeof row[n.id] === 'number' &&
            own(row, n) === undefined &&
            !schools.has(row[n.id] as number),
        ),
      );
      if (unknown) await readMore();
      const withNames = rows.map((row) => ({
        ...row,
        ...Object.fromEntries(
          shown.map((n) => [
            n.name,
            own(row, n) ??
              (n.directory && typeof row[n.id] === 'number' ? (schools.get(row[n.id] as number) ?? null) : null),
          ]),
        ),
      }));
      const out = columns.flatMap((c) => {
        const n = shown.find((s) => s.id === c);
        return n ? [c, n.name] : [c];
      });
      return {
        rows: withNames,
        columns: out,
        priorities: { ...priorities, ...Object.fromEntries(shown.map((n) => [n.name, 1])) },
      };
    },
  };
}
