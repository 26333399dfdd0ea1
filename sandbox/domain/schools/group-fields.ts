import { z } from 'zod';
import { idValue } from '../../kit/input.js';

const name = z.string().trim().min(1).max(100);

/** Display settings kept with a group (anything else sent with a group is ignored). */
const groupData = {
  colour: z.string().max(20).optional(),
  year: z.union([z.string().max(20), z.number().int()]).optional(),
  description: z.string().max(500).optional(),
};

export const groupCreate = z.object({ name, parent_id: idValue.nullable().optional(), ...groupData });
export const groupUpdate = z.object({ name: name.optional(), ...groupData });

/**
 * The stored data column of a group from create or update fields.
 *
 * @example
 * groupDataOf({ colour: '#f5a623' }) // { colour: '#f5a623' }
 */
export function groupDataOf(fields: { colour?: string | undefined; year?: string | number | undefined; description?: string | undefined }): Record<string, unknown> {
  return Object.fromEntries(Object.entries({ colour: fields.colour, year: fields.year, description: fields.description }).filter(([, v]) => v !== undefined));
}
