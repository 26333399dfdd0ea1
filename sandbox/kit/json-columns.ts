import { z } from 'zod';
import type { JsonValue } from '../../core/endpoints/define.js';
import type { ObjectShape, ValueOf } from '../../core/shapes/define.js';
import { replySchema } from '../../core/shapes/schema.js';

const objectSchema = z.record(z.string(), z.unknown());

/** A JSON object as a column holds it (what `JSON.parse` can answer). */
export type JsonObject = { [key: string]: JsonValue };
const stringList = z.array(z.string());

/**
 * Parses a JSON object column. Columns hold what the sandbox wrote, so a broken value means a bug or a
 * hand-edited file: it reads as an empty object instead of failing every request that touches the row.
 *
 * @example
 * const settings = jsonObject(school.settings); // { fontPreference: 'sassoon' }
 */
export function jsonObject(text: string | null | undefined): JsonObject {
  if (!text) return {};
  try {
    const parsed = objectSchema.safeParse(JSON.parse(text));
    // JSON.parse answers only JSON values, so the checked object's values are JsonValues.
    return parsed.success ? (parsed.data as JsonObject) : {};
  } catch {
    return {};
  }
}

/**
 * Parses a JSON list column, empty when missing or broken.
 *
 * @example
 * jsonList(user.permissions) // ['spelling', 'number']
 */
export function jsonList(text: string | null | undefined): unknown[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as unknown[]) : [];
  } catch {
    return [];
  }
}

/**
 * Parses a JSON list-of-strings column, empty when missing, broken or holding anything but strings.
 *
 * @example
 * stringsColumn('["spelling","number"]') // ['spelling', 'number']
 */
export function stringsColumn(text: string | null | undefined): string[] {
  if (!text) return [];
  try {
    const parsed = stringList.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/**
 * The items of a JSON list (a column's, parsed) that have the reply shape `item`, such as a hive's players:
 * the column holds what the sandbox wrote, so an item of another form (a hand-edited file) is left out
 * instead of answered against the shape.
 *
 * @example
 * itemsOf(HIVE_PLAYER, [{ user_id: 3, score: 40 }, { user_id: 'x' }]) // [{ user_id: 3, score: 40 }]
 */
export function itemsOf<S extends ObjectShape>(item: S, values: readonly unknown[]): ValueOf<S>[] {
  const schema = replySchema(item);
  return values.filter((value): value is ValueOf<S> => schema.safeParse(value).success);
}
