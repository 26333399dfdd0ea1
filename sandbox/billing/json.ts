import { z } from 'zod';

const stringList = z.array(z.string());

/**
 * Reads a JSON list-of-strings column, tolerating a damaged value as empty (the column is ours, but a
 * hand-edited sandbox database should not take a whole listing down).
 *
 * @example
 * stringsColumn('["spelling","number"]') // ['spelling', 'number']
 */
export function stringsColumn(text: string | null): string[] {
  if (text === null) return [];
  try {
    const parsed = stringList.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/**
 * Reads a JSON object column.
 *
 * @example
 * objectColumn('{"gbp":1200}') // { gbp: 1200 }
 */
export function objectColumn(text: string | null): Record<string, unknown> {
  if (text === null) return {};
  try {
    const parsed = z.record(z.string(), z.unknown()).safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}
