import { z } from 'zod';

/** A group's year: a short text or a whole number (the table has no either-or kind, so the entries leave it open). */
export const groupYear = z.union([z.string().max(20), z.number().int()]).optional();

/**
 * The stored data column of a group from create or update fields.
 *
 * @example
 * groupDataOf({ colour: '#f5a623' }) // { colour: '#f5a623' }
 */
export function groupDataOf(fields: {
  colour?: string | undefined;
  year?: string | number | undefined;
  description?: string | undefined;
}): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries({ colour: fields.colour, year: fields.year, description: fields.description }).filter(
      ([, v]) => v !== undefined,
    ),
  );
}
