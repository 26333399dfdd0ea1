/** Groups (classes) of a school, as the API answers them. */
import { defineShape, listOf, nullable } from './define.js';

/** A group's own keys: its display settings (colour, year, description) beside its ids, name, dates and counts. */
const GROUP_FIELDS = {
  id: 'serial',
  school_id: 'serial',
  parent_id: nullable('serial'),
  name: 'string',
  colour: 'string?',
  year: 'json?',
  description: 'string?',
  created_at: 'date',
  updated_at: 'date',
  pupil_count: 'int?',
  teacher_count: 'int?',
  subgroup_count: 'int?',
} as const;

/** A sub-group of a group (a sub-group has no sub-groups of its own). */
export const SUBGROUP = defineShape('subgroup', GROUP_FIELDS, {
  summary: 'A sub-group of a group',
  columns: ['id', 'parent_id', 'name', 'pupil_count'],
});

/**
 * A group of a school: its name, parent (a sub-group's), display settings and counts; with its teachers'
 * ids where one group is shown, and its sub-groups in the list of all groups.
 */
export const GROUP = defineShape(
  'group',
  {
    ...GROUP_FIELDS,
    teacher_ids: listOf('serial', { optional: true }),
    subgroups: listOf(SUBGROUP, { optional: true }),
  },
  {
    summary: 'A group (class) of a school with its counts',
    columns: ['id', 'name', 'parent_id', 'pupil_count', 'teacher_count'],
  },
);
