import type { Db } from '../database.js';
import type { SeedContext } from './context.js';
import { LITERACY_RESOURCES_CURRICULUM_ID } from '../../../core/domain/curricula.js';
import { BROWSE_CATEGORIES } from '../../../core/domain/browse-categories.js';

/** The Resources menu of the site, in menu order, with its labels. */
const BROWSE = BROWSE_CATEGORIES.map((c) => [c.path, c.label] as const);

const EXTERNAL_PARENTS = [
  'Reading: word reading',
  'Reading: comprehension',
  'Writing: transcription',
  'Writing: composition',
  'Spelling',
  'Grammar and punctuation',
  'Spoken language',
  'Vocabulary',
];

/**
 * Curricula kept in the generic store (`records`): the literacy resources curriculum (key 2, the id the
 * site searches with) with one node per browse category listing its resources, and an external
 * curriculum whose 16 nodes (8 parents, 8 children) quiz sessions record competence against.
 *
 * @example
 * seedCurricula(db, ctx);
 */
export function seedCurricula(db: Db, ctx: SeedContext): void {
  const at = ctx.now.toISOString();
  const insert = db.prepare(
    'INSERT INTO records (collection, key, owner_id, school_id, data, created_at, updated_at) VALUES (?, ?, NULL, NULL, ?, ?, ?)',
  );
  const keyed = (collection: string, key: string | null, data: Record<string, unknown>): number => {
    const id = Number(insert.run(collection, key, JSON.stringify(data), at, at).lastInsertRowid);
    if (key === null) db.prepare('UPDATE records SET key = ? WHERE id = ?').run(String(id), id);
    return id;
  };
  keyed('quiz/curricula', String(LITERACY_RESOURCES_CURRICULUM_ID), {
    name: 'Literacy resources',
    locale: 'en_GB',
    data: { roots: BROWSE.map(([path]) => path), domains: ['literacy'] },
  });
  const inCategory = db
    .prepare('SELECT resource_id FROM resource_categories WHERE category = ? ORDER BY resource_id')
    .pluck();
  BROWSE.forEach(([path, name], index) => {
    keyed('quiz/curriculum_nodes', null, {
      curriculum_id: LITERACY_RESOURCES_CURRICULUM_ID,
      name,
      url_path: path,
      tags: [path],
      sort_order: index + 1,
      resource_ids: inCategory.all(path),
      lesson_ids: [],
    });
  });
  keyed('quiz/external_curricula', '1', { name: 'National curriculum: English (KS1-KS2)', country: 'GB' });
  EXTERNAL_PARENTS.forEach((name, i) =>
    keyed('quiz/external_curriculum_nodes', String(i + 1), { external_curriculum_id: 1, name, parent_id: null }),
  );
  EXTERNAL_PARENTS.forEach((name, i) =>
    keyed('quiz/external_curriculum_nodes', String(i + 9), {
      external_curriculum_id: 1,
      name: `${name}: year 3-4 objectives`,
      parent_id: i + 1,
    }),
  );
}
