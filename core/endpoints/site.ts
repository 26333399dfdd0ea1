import { defineArea } from './define.js';
import { RESOURCE } from '../shapes/resource.js';

export const siteArea = defineArea('site', {
  'resources search': {
    route: 'GET resources/search',
    reply: { resources: RESOURCE },
    role: 'public',
    summary: 'Search teaching resources by text, a page of results at a time',
    payload: { curriculum_id: 'id?', search: 'string?', skip: 'skip?', take: 'take?' },
    response: 'resources.items',
  },
});
