/** Literacy resources (the site's items and details), their types, and curriculum nodes. */
import { CONTENT_BLOCK_TYPES, RESOURCE_AVAILABILITY, RESOURCE_FILE_KINDS } from '../domain/accounts.js';
import { defineShape, inline, nullable } from './define.js';

/**
 * A resource as the site lists it: its title, address key, images (`image` holds the image addresses
 * joined by `;`) and whether it is free or for members.
 */
export const RESOURCE_ITEM = defineShape(
  'resource_item',
  { id: 'serial', title: 'string', url_key: 'string', image: 'string', availability: { oneOf: RESOURCE_AVAILABILITY } },
  { summary: 'A resource in a search result', columns: ['id', 'title', 'url_key', 'availability'] },
);

/** A block of a resource's content: HTML or plain text. */
export const CONTENT_BLOCK = inline({ type: { oneOf: CONTENT_BLOCK_TYPES }, value: 'string' });

/** A downloadable file of a resource: its name, type, size in bytes, its kind and what it is called (`Worksheet`). */
export const RESOURCE_FILE = inline({
  id: 'serial',
  name: 'string',
  mime: 'string',
  size: 'int',
  kind: { oneOf: RESOURCE_FILE_KINDS },
  title: 'string',
});

/** A resource in full: its item keys, description, images as a list, type, categories, curricula, files and content blocks. */
export const RESOURCE = defineShape(
  'resource',
  {
    ...RESOURCE_ITEM.fields,
    ident: 'string',
    type_id: nullable('serial'),
    description: 'string',
    created_at: 'date',
    updated_at: 'date',
    images: 'strings',
    type: nullable(inline({ id: 'serial', name: 'string' })),
    categories: 'strings',
    curriculum_ids: ['serial'],
    files: [RESOURCE_FILE],
    content: [CONTENT_BLOCK],
  },
  {
    summary: 'A literacy resource with its files and content',
    columns: ['id', 'ident', 'title', 'availability', 'type_id'],
  },
);

/** A type of resource (writing unit, book study...) and how many resources have it. */
export const RESOURCE_TYPE = defineShape(
  'resource_type',
  { id: 'serial', name: 'string', resource_count: 'int' },
  { summary: 'A type of resource', columns: ['id', 'name', 'resource_count'] },
);

/** A node of a curriculum (an age band, a topic): its path, tags, order, and the resources and lessons under it. */
export const CURRICULUM_NODE = defineShape(
  'curriculum_node',
  {
    id: 'serial',
    curriculum_id: 'serial',
    name: 'string',
    url_path: 'string',
    tags: 'strings',
    sort_order: 'int',
    resource_ids: ['serial'],
    lesson_ids: ['serial'],
    created_at: 'date',
    updated_at: 'date',
  },
  {
    summary: 'A node of a curriculum and the resources under it',
    columns: ['id', 'curriculum_id', 'name', 'url_path'],
  },
);

/** A node of an external curriculum (a school system's own), as its generic record keeps it. */
export const EXTERNAL_NODE = defineShape(
  'external_node',
  {
    id: 'serial',
    key: 'string?',
    external_curriculum_id: 'serial',
    name: 'string',
    parent_id: nullable('serial'),
    owner_id: nullable('serial'),
    school_id: nullable('serial'),
    created_at: 'date',
    updated_at: 'date',
  },
  { summary: 'A node of an external curriculum', columns: ['id', 'external_curriculum_id', 'name', 'parent_id'] },
);

/** How a group did at a node of a curriculum it is assessed against. */
export const COMPETENCE_NODE = defineShape(
  'competence_node',
  {
    node_id: 'string',
    name: 'string',
    parent_id: nullable('string'),
    plays: 'int',
    score: 'int',
    correct: 'int',
    incorrect: 'int',
    accuracy: nullable('number'),
  },
  { summary: "A group's plays and accuracy at a curriculum node", columns: ['node_id', 'name', 'plays', 'accuracy'] },
);
