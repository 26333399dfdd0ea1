import type { Endpoint } from '../../../core/endpoints/define.js';
import type { EndpointEntries } from '../../../core/endpoints/index.js';
import type { RequestRoute } from '../../../core/endpoints/request-shape.js';
import type { AnswerShape } from './answer-shape.js';
import { answerShapeOf } from './answer-shape-of.js';

/**
 * The entries of core's endpoint table the site calls, by the name the site's API module gives each.
 * The site's build carries only these entries (web/plugins/site-endpoints.ts), not whole areas.
 */
export const SITE_COMMANDS = {
  search: 'resources search',
  exchange: 'auth exchange-token',
  me: 'me show',
  signIn: 'auth login',
  signOut: 'auth logout',
  avatar: 'users avatar',
  nodes: 'curriculum-nodes by-url-path',
  list: 'resources list',
  types: 'resources types',
  byKey: 'resources by-url-key',
  resourceNodes: 'resources nodes',
  presign: 'resource-files presign',
} as const satisfies Record<string, keyof EndpointEntries>;

export type SiteCall = keyof typeof SITE_COMMANDS;

/** The site's entries, each as its literal type in the table (the source of the calls' input types). */
export type SiteEntry<C extends SiteCall> = EndpointEntries[(typeof SITE_COMMANDS)[C]];

/** What the site keeps of an entry: how to make its request, and its reply's shape as data. */
export interface SiteRoute extends RequestRoute {
  readonly answer: AnswerShape;
}

/**
 * The site's entries taken from the assembled table, refusing a command the table lacks: of each, what
 * its requests are made of (method, path, path parameters, response key) and its reply's shape. The input's types come from the whole entry
 * (`SiteEntry`), at compile time.
 *
 * @example
 * pickSiteEndpoints(ENDPOINTS).search // { method: 'GET', path: 'resources/search', params: [] }
 */
export function pickSiteEndpoints(table: readonly Endpoint[]): Record<SiteCall, SiteRoute> {
  const byCommand = new Map(table.map((endpoint) => [endpoint.command, endpoint]));
  const entries = Object.entries(SITE_COMMANDS).map(([name, command]) => {
    const endpoint = byCommand.get(command);
    if (!endpoint) throw new Error(`No endpoint ${command} in the table`);
    const { method, path, params, response, reply } = endpoint;
    return [
      name,
      { method, path, params, ...(response === undefined ? {} : { response }), answer: answerShapeOf(reply ?? {}) },
    ] as const;
  });
  return Object.fromEntries(entries) as Record<SiteCall, SiteRoute>;
}
