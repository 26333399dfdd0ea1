import { ENDPOINTS } from '../../../core/endpoints/index.js';
import { pickSiteEndpoints } from './site-commands.js';

/**
 * The site's entries of the endpoint table. The build replaces this module with the picked entries as
 * data (web/plugins/site-endpoints.ts), so the bundle does not carry the table's 777 entries.
 */
export const SITE_ENDPOINTS = pickSiteEndpoints(ENDPOINTS);
