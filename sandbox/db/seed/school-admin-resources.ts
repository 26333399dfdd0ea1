import { LITERACY_RESOURCES_CURRICULUM_ID } from '../../../core/domain/curricula.js';
import type { Db } from '../database.js';
import { fileContent, fileName, PDF_MIME, type FileKind } from '../../domain/resources/files.js';
import { resourceLook } from '../../domain/resources/look.js';
import { COVER_COUNT } from '../../domain/resources/covers.js';
import { coverPath } from '../../domain/resources/paths.js';
import type { ResourceRow } from '../../domain/resources/resources.js';
import type { SeedContext } from './context.js';
import { resourceBlocks } from './school-admin-resource-blocks.js';
import { AGE_BANDS, RESOURCE_TITLES } from './school-admin-resource-titles.js';

const DAY = 86_400_000;

/**
 * `The Lighthouse Keeper: Narrative Writing Unit` -> `the-lighthouse-keeper-narrative-writing-unit`.
 *
 * @example
 * slugify("Charlotte's Web: Book Study") // 'charlottes-web-book-study'
 */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Seeds 216 literacy resources over the browse categories of the site's Resources menu: each has a
 * content category, an age band (early years resources are their own band), `free-resources` when free
 * (about one in eight, and every first format of a subject in the news shed), `what-is-new` when published
 * in the last 45 days, two images (covers the sandbox draws, `media/resources/...`), its files (a planning
 * pack and a worksheet, and slides for the first format of a subject: small PDFs the sandbox generates
 * from the resource, their sizes exact) and its content blocks.
 *
 * @example
 * seedResources(db, ctx);
 */
export function seedResources(db: Db, ctx: SeedContext): void {
  const type = db.prepare('INSERT INTO resource_types (name) VALUES (?)');
  const typeIds = new Map<string, number>();
  for (const { type: name } of RESOURCE_TITLES) {
    if (!typeIds.has(name)) typeIds.set(name, Number(type.run(name).lastInsertRowid));
  }
  const resource = db.prepare(
    `INSERT INTO resources (title, url_key, ident, type_id, image, availability, description, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const category = db.prepare('INSERT OR IGNORE INTO resource_categories (resource_id, category) VALUES (?, ?)');
  const curriculum = db.prepare('INSERT INTO resource_curricula (resource_id, curriculum_id) VALUES (?, ?)');
  // A database seeded before migration 40 (as the upgrade tests build one) stores no kind: its files are documents.
  const hasKinds =
    db.prepare("SELECT 1 FROM pragma_table_info('resource_files') WHERE name = 'kind'").get() !== undefined;
  const file = hasKinds
    ? db.prepare(
        'INSERT INTO resource_files (resource_id, name, mime, size, created_at, kind) VALUES (?, ?, ?, ?, ?, ?)',
      )
    : db.prepare('INSERT INTO resource_files (resource_id, name, mime, size, created_at) VALUES (?, ?, ?, ?, ?)');
  const row = db.prepare('SELECT * FROM resources WHERE id = ?');
  // A database seeded before migration 30 (as the upgrade tests build one) has no block table: its
  // resources keep no blocks and the site shows their description.
  const hasBlocks =
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'resource_blocks'").get() !== undefined;
  const block = hasBlocks
    ? db.prepare('INSERT INTO resource_blocks (resource_id, position, type, value) VALUES (?, ?, ?, ?)')
    : undefined;
  let n = 0;
  for (const group of RESOURCE_TITLES) {
    group.subjects.forEach((subject, s) => {
      group.formats.forEach((format, f) => {
        n += 1;
        const title = `${subject}: ${format}`;
        const key = slugify(title);
        const free = ctx.rng.chance(0.12) || (group.category === 'the-news-shed' && f === 0 && s % 3 === 0);
        const ageDays = ctx.rng.int(1, 900);
        const created = new Date(ctx.now.getTime() - ageDays * DAY).toISOString();
        const image = Array.from({ length: COVER_COUNT }, (_, i) => coverPath(key, i + 1)).join(';');
        const description = `${format} built around "${subject}", with teaching slides, activities and differentiated resources.`;
        const ident = `LR${String(n).padStart(4, '0')}`;
        const id = Number(
          resource.run(
            title,
            key,
            ident,
            typeIds.get(group.type) ?? null,
            image,
            free ? 'free' : 'members',
            description,
            created,
            created,
          ).lastInsertRowid,
        );
        category.run(id, group.category);
        if (group.category !== 'early-years-age-4-5') category.run(id, AGE_BANDS[(s + f) % AGE_BANDS.length]);
        if (free) category.run(id, 'free-resources');
        if (ageDays <= 45) category.run(id, 'what-is-new');
        curriculum.run(id, LITERACY_RESOURCES_CURRICULUM_ID);
        const look = resourceLook(db, row.get(id) as ResourceRow);
        const kinds: FileKind[] = f === 0 ? ['planning', 'slides', 'worksheet'] : ['planning', 'worksheet'];
        for (const kind of kinds) {
          const size = fileContent(look, hasKinds ? kind : 'document').length;
          file.run(id, fileName(key, kind), PDF_MIME, size, created, ...(hasKinds ? [kind] : []));
        }
        // The draws the files' sizes once took, kept so every later resource keeps its seeded availability and date.
        ctx.rng.int(200_000, 9_000_000);
        if (f === 0) ctx.rng.int(1_000_000, 40_000_000);
        resourceBlocks({ key, ident, format, description, withNotes: f === 0 }).forEach((b, position) =>
          block?.run(id, position, b.type, b.value),
        );
      });
    });
  }
}
