import { defineArea } from './define.js';

export const siteArea = defineArea('site', {
  'resources search': {
    route: 'GET resources/search',
    role: 'public',
    summary: 'Search teaching resources by text, a page of results at a time',
    payload: { curriculum_id: 'id?', search: 'string?', skip: 'skip?', take: 'take?' },
    response: 'resources.items',
  },
});
