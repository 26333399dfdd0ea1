import { describe, expect, it } from 'vitest';
import { buildRequest } from '../../core/endpoints/call.js';
import { ENDPOINTS } from '../../core/endpoints/index.js';
import { trustedRequest } from '../../core/endpoints/request-shape.js';
import { siteEndpointsSource } from '../../web/plugins/site-endpoints.js';
import { answerShapeOf } from '../../web/src/api/answer-shape-of.js';
import { SITE_COMMANDS, pickSiteEndpoints, type SiteCall } from '../../web/src/api/site-commands.js';

// The inputs the site's API module sends, one of each call (web/src/api/site-api.ts).
const SITE_INPUTS: Record<SiteCall, Record<string, unknown>> = {
  search: {
    curriculum_id: 7,
    search: 'owl poems',
    availability: 'free',
    age_band: 'age-7-9',
    type_id: 3,
    category: 'poetry-shed',
    skip: 10,
    take: 10,
  },
  exchange: { access_token: 'hand-off' },
  me: {},
  signIn: { username: 'teacher1', password: 'pw' },
  signOut: {},
  avatar: { id: 42, size: 2 },
  nodes: { url_path: 'poetry-shed' },
  list: { category: 'poetry-shed', curriculum_id: 7, take: 100 },
  types: {},
  byKey: { key: 'the owl & the cat' },
  resourceNodes: { id: 79 },
  presign: { id: 12, disposition: 'attachment' },
};

describe("the site's endpoint entries", () => {
  it('are the routes of the table’s entries, as the build writes them (method, path, parameters, response key and reply shape only)', async () => {
    const url = `data:text/javascript,${encodeURIComponent(siteEndpointsSource())}`;
    const built = ((await import(url)) as { SITE_ENDPOINTS: unknown }).SITE_ENDPOINTS;
    expect(built).toEqual(pickSiteEndpoints(ENDPOINTS));
    for (const [name, command] of Object.entries(SITE_COMMANDS)) {
      const entry = ENDPOINTS.find((e) => e.command === command);
      const response = entry?.response === undefined ? {} : { response: entry.response };
      expect((built as Record<string, unknown>)[name], command).toEqual({
        method: entry?.method,
        path: entry?.path,
        params: entry?.params,
        ...response,
        answer: answerShapeOf(entry?.reply ?? {}),
      });
    }
  });

  it('refuses a command the table lacks', () => {
    expect(() => pickSiteEndpoints(ENDPOINTS.filter((e) => e.command !== 'auth login'))).toThrow(
      /No endpoint auth login/,
    );
  });

  it("shape the site's calls as the checked buildRequest does", () => {
    const endpoints = pickSiteEndpoints(ENDPOINTS);
    for (const name of Object.keys(SITE_COMMANDS) as SiteCall[]) {
      const input = SITE_INPUTS[name];
      const entry = ENDPOINTS.find((e) => e.command === SITE_COMMANDS[name]);
      if (!entry) throw new Error(`no entry ${SITE_COMMANDS[name]}`);
      expect(trustedRequest(endpoints[name], input), name).toEqual(buildRequest(entry, input));
    }
    expect(trustedRequest(endpoints.byKey, SITE_INPUTS.byKey).path).toBe(
      'resources/resources_by_url_key/the%20owl%20%26%20the%20cat',
    );
  });
});
