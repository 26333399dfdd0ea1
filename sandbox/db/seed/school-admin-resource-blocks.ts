import { encodeAttribute } from '../../../core/domain/html-entities.js';
import { MEDIA_PREFIX } from '../../domain/resources/paths.js';

/** A content block of a resource page (O §3): html goes through the site's stripper, plain is shown as text. */
export interface ResourceBlock {
  readonly type: 'html' | 'plain';
  readonly value: string;
}

export interface BlockSource {
  readonly key: string;
  readonly ident: string;
  readonly format: string;
  readonly description: string;
  /** The first format of a subject also carries teacher notes pasted from a page editor. */
  readonly withNotes: boolean;
}

/**
 * The content blocks of a seeded resource, in page order: an html overview, for the first format of a
 * subject teacher notes as an editor pasted them (a script, an event handler and an image with `onerror`
 * that the site's stripper must remove) and a plain note, and a plain resource code. Each block is what its
 * type says: markup only in html blocks, plain blocks are text a reader sees as it is. Deterministic: no random draw, so the rest of the seed is unchanged.
 *
 * @example
 * resourceBlocks({ key: 'kennings-poetry-unit', ident: 'LR0049', format: 'Poetry Unit', description: 'A unit.', withNotes: false })
 * // [{ type: 'html', value: '<h2>Inside this poetry unit</h2>...' }, { type: 'plain', value: 'Resource code LR0049.' }]
 */
export function resourceBlocks(source: BlockSource): ResourceBlock[] {
  const overview: ResourceBlock = {
    type: 'html',
    value:
      `<h2>Inside this ${encodeAttribute(source.format.toLowerCase())}</h2><p>${encodeAttribute(source.description)}</p>` +
      '<ul><li>Teaching slides</li><li>Activities</li><li>Differentiated resources</li></ul>',
  };
  const code: ResourceBlock = { type: 'plain', value: `Resource code ${source.ident}.` };
  if (!source.withNotes) return [overview, code];
  const notes: ResourceBlock[] = [
    {
      type: 'html',
      value:
        `<p class="note" onclick="track('notes')">Teacher notes: share the <em>opening</em> together first.` +
        "<script>document.body.dataset.injected = 'script'</script>" +
        `<img src="${MEDIA_PREFIX}/resources/${source.key}/notes.jpg" onerror="document.body.dataset.injected = 'onerror'"></p>`,
    },
    { type: 'plain', value: 'Key words are printed in bold in the worksheets.' },
  ];
  return [overview, ...notes, code];
}
