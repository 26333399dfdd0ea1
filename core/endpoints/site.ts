import { defineArea } from './define.js';
import { inline } from '../shapes/define.js';
import { RESOURCE_ITEM } from '../shapes/resource.js';
import { AGE_BAND_PATHS, RESOURCE_SORTS } from '../domain/browse-categories.js';
import { RESOURCE_AVAILABILITY } from '../domain/accounts.js';

// Replies: the spec names a response key only where an entry has `response`; every other `reply` below is
// our choice, what the sandbox answers (see `reply` in define.ts).
export const siteArea = defineArea('site', {
  'resources search': {
    route: 'GET resources/search',
    reply: { resources: inline({ items: [RESOURCE_ITEM], total: 'int' }) },
    role: 'public',
    summary: 'Search teaching resources by text (plurals and word forms match), a page of results at a time',
    // O §7 names curriculum_id, search, skip and take; the narrowing filters (free, age band, type, a shed) are
    // ours, named as `resources list` names them, so a shared search address can hold them all; so is `sort`.
    payload: {
      curriculum_id: 'id?',
      search: 'string?',
      skip: 'skip?',
      take: 'take?',
      availability: { oneOf: RESOURCE_AVAILABILITY, optional: true },
      age_band: { oneOf: AGE_BAND_PATHS, optional: true },
      type_id: 'serial?',
      category: 'string?',
      sort: { oneOf: RESOURCE_SORTS, optional: true },
    },
    response: 'resources.items',
  },
});
