import { defineArea } from './define.js';
import { inline } from '../shapes/define.js';
import { RESOURCE_ITEM } from '../shapes/resource.js';

// Replies: the spec names a response key only where an entry has `response`; every other `reply` below is
// our choice, what the sandbox answers (see `reply` in define.ts).
export const siteArea = defineArea('site', {
  'resources search': {
    route: 'GET resources/search',
    reply: { resources: inline({ items: [RESOURCE_ITEM], total: 'int' }) },
    role: 'public',
    summary: 'Search teaching resources by text, a page of results at a time',
    payload: { curriculum_id: 'id?', search: 'string?', skip: 'skip?', take: 'take?' },
    response: 'resources.items',
  },
});
