import { describe, expect, it } from 'vitest';
import type { Book } from '../../../core/domain/reconcile/book.js';
import { generateStatement } from '../../../core/domain/reconcile/generate.js';
import { indexBook, matchLines } from '../../../core/domain/reconcile/match.js';
import { syntheticBook } from '../../../core/domain/reconcile/synthetic-book.js';

describe('a generated statement', () => {
  it('gives trusts names of their own, some sharing a first word with schools', () => {
    const book = syntheticBook({ seed: 3, schools: 600, invoices: 100 });
    const first = (name: string): string => name.split(' ')[0] ?? '';
    expect(book.districts.every((d) => /(Trust|Partnership)$/.test(d.name))).toBe(true);
    expect(book.districts.some((d) => book.schools.some((s) => first(s.name) === first(d.name)))).toBe(true);
    expect(book.districts.filter((d) => book.schools.some((s) => first(s.name) === first(d.name))).length).toBeLessThan(
      book.districts.length / 2,
    );
  });

  it('marks no wrong invoice, and plans nothing once applied and read again', () => {
    const book = syntheticBook({ seed: 5, schools: 120, invoices: 600 });
    const { lines, truth } = generateStatement(book, { seed: 9, count: 200 });
    const statement = lines.map((l, k) => ({ ...l, id: `g${k}`, file: 'g.csv', line: k + 1 }));
    const verdicts = matchLines(statement, indexBook(book));
    const wrong = verdicts.flatMap((v, k) =>
      v.invoices.filter((id) => !truth[k]?.settles || !truth[k]?.invoices.includes(id)),
    );
    expect(wrong).toEqual([]);
    expect(verdicts.filter((v) => v.class === 'confident').length).toBeGreaterThan(100);
    const paid = new Map(verdicts.flatMap((v, k) => v.invoices.map((id) => [id, statement[k]?.date] as const)));
    const after: Book = {
      ...book,
      invoices: book.invoices.map((i) =>
        paid.has(i.id) ? { ...i, state: 'paid', paid_date: paid.get(i.id) ?? null } : i,
      ),
    };
    expect(matchLines(statement, indexBook(after)).filter((v) => v.invoices.length > 0)).toEqual([]);
  });
});
