import { categoryLabel, isAgeBand } from '../../../core/domain/browse-categories.js';
import type { Db } from '../../kit/sql.js';
import { all, one } from '../../kit/sql.js';
import type { ResourceRow } from './resources.js';
import type { Row } from '../../db/rows.js';

/**
 * The colour of each content category of the site (covers, file headers), dark enough for white text
 * at AA contrast; any other category takes the last.
 */
const CATEGORY_COLOURS: Readonly<Record<string, string>> = {
  'writing-shed': '#1f5f99',
  'reading-shed': '#6b3a8f',
  'non-fiction': '#1d6b52',
  'poetry-shed': '#9c2f55',
  'the-news-shed': '#35495e',
  'history-shed': '#7a4f12',
  'christmas-resources': '#a3241c',
  'early-years-age-4-5': '#b23c0b',
  'additional-resources': '#4b5563',
};
const DEFAULT_COLOUR = '#4b5563';

/** What a resource's cover and files show of it. */
export interface ResourceLook {
  readonly title: string;
  /** The title before its colon (`The Highwayman`), else the whole title. */
  readonly subject: string;
  /** The title after its colon (`Poetry Unit`), else the type's name. */
  readonly format: string;
  readonly type: string;
  /** `Age 7-9`, `Early Years (Age 4-5)`, or undefined when the resource has no age band. */
  readonly ageBand: string | undefined;
  readonly category: string | undefined;
  /** `#rrggbb`. */
  readonly colour: string;
  readonly ident: string;
  readonly description: string;
  readonly created: string;
}

/**
 * How a resource looks on its cover and in its files, from its row, type and categories.
 *
 * @example
 * resourceLook(db, row) // { subject: 'The Highwayman', format: 'Poetry Unit', ageBand: 'Age 11-14', colour: '#9c2f55', ... }
 */
export function resourceLook(db: Db, row: ResourceRow): ResourceLook {
  const type =
    row.type_id === null
      ? undefined
      : one<Pick<Row<'resource_types'>, 'name'>>(db, 'SELECT name FROM resource_types WHERE id = ?', row.type_id)?.name;
  const categories = all<Pick<Row<'resource_categories'>, 'category'>>(
    db,
    'SELECT category FROM resource_categories WHERE resource_id = ? ORDER BY category',
    row.id,
  ).map((c) => c.category);
  const category = categories.find((c) => c in CATEGORY_COLOURS);
  const band = categories.find(isAgeBand);
  const colon = row.title.indexOf(': ');
  return {
    title: row.title,
    subject: colon < 0 ? row.title : row.title.slice(0, colon),
    format: colon < 0 ? (type ?? 'Resource') : row.title.slice(colon + 2),
    type: type ?? 'Resource',
    ageBand: band === undefined ? undefined : categoryLabel(band),
    category,
    colour: (category && CATEGORY_COLOURS[category]) ?? DEFAULT_COLOUR,
    ident: row.ident,
    description: row.description,
    created: row.created_at,
  };
}

/**
 * `#rrggbb` as the PDF writer's 0-1 parts.
 *
 * @example
 * rgbOf('#ff8000') // [1, 0.502, 0]
 */
export function rgbOf(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255].map(
    (part) => Math.round((part / 255) * 1000) / 1000,
  ) as [number, number, number];
}
