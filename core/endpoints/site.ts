import { defineArea } from './define.js';
import { inline } from '../shapes/define.js';
import { RESOURCE_ITEM } from '../shapes/resource.js';

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
