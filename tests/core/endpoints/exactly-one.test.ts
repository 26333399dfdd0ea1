/**
 * An entry's `exactlyOne` groups are stated once, in the table: the payload schema refuses none or several
 * of a group's keys (so the client and the CLI send nothing), and the OpenAPI document states the rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../core/api/index.js';
import { run } from '../../../cli/main.js';
import { fakeFactory } from '../../helpers/fake-factory.js';
import { sendJson, startHttpTestServer, type HttpTestServer } from '../../helpers/http-test-server.js';
import { buildRequest } from '../../../core/endpoints/call.js';
import { defineArea } from '../../../core/endpoints/define.js';
import { ENDPOINTS } from '../../../core/endpoints/index.js';
import { InvalidInputError } from '../../../core/endpoints/invalid-input-error.js';
import { requestWithoutInput } from '../../../core/endpoints/request-shape.js';
import { payloadSchema } from '../../../core/endpoints/schemas.js';
import { buildTable } from '../../../core/endpoints/table.js';
import { openApiDocument } from '../../../core/openapi/document.js';

const entry = (command: string) => {
  const found = ENDPOINTS.find((e) => e.command === command);
  if (!found) throw new Error(`the table has ${command}`);
  return found;
};

function refusal(command: string, input: Record<string, unknown>): string[] {
  try {
    buildRequest(entry(command), input);
  } catch (error) {
    if (error instanceof InvalidInputError) return error.issues.map((i) => i.message);
    throw error;
  }
  return [];
}

describe('exactlyOne groups', () => {
  it('names only keys its entry declares', () => {
    const wrong = ENDPOINTS.flatMap((e) =>
      (e.exactlyOne ?? [])
        .flat()
        .filter((key) => !(key in (e.payload ?? {})))
        .map((key) => `${e.command}: ${key}`),
    );
    expect(wrong).toEqual([]);
    expect(
      ENDPOINTS.filter((e) => e.exactlyOne)
        .map((e) => e.command)
        .sort(),
    ).toEqual(['rewards delete-history', 'rewards history', 'users exists']);
  });

  it('refuses none and several of users exists’ keys before anything is sent, and takes one', () => {
    expect(refusal('users exists', {})).toEqual([
      'give exactly one of username, email or school_username (none was given)',
    ]);
    expect(refusal('users exists', { username: 'amy', email: 'a@b.c' })).toEqual([
      'give exactly one of username, email or school_username (got username and email)',
    ]);
    // A key given as empty text is not given, as a query string writes a left-out value.
    expect(refusal('users exists', { username: '', email: 'a@b.c' })).toEqual([]);
    expect(buildRequest(entry('users exists'), { email: 'a@b.c' })).toMatchObject({
      method: 'GET',
      query: { email: 'a@b.c' },
    });
    // Every key optional, yet the call requires input: the no-input shortcut does not skip the check.
    expect(requestWithoutInput(entry('users exists'), {})).toBeUndefined();
  });

  it('requires the class of rewards history, once, by either name', () => {
    expect(refusal('rewards history', {})).toEqual(['give exactly one of schoolGroupId or group_id (none was given)']);
    expect(refusal('rewards history', { schoolGroupId: 3, group_id: 3 })).toHaveLength(1);
    expect(payloadSchema(entry('rewards history')).safeParse({ group_id: '3', take: '5' })).toMatchObject({
      success: true,
      data: { group_id: 3, take: 5 },
    });
    expect(refusal('rewards delete-history', { logId: 4 })).toEqual([]);
    expect(refusal('rewards delete-history', { logId: 4, schoolGroupId: 3 })).toEqual([
      'give exactly one of logId, schoolGroupId or group_id (got logId and schoolGroupId)',
    ]);
  });

  it('is stated by the OpenAPI document: in the description of a query, as oneOf of a body', () => {
    const table = buildTable([
      defineArea('test', {
        'users exists': entry('users exists'),
        'things link': {
          route: 'POST things/link',
          role: 'user',
          summary: 'Link a thing',
          payload: { a: 'string?', b: 'string?' },
          exactlyOne: [['a', 'b']],
        },
      }),
    ]);
    const doc = openApiDocument(table, { version: '0' }) as unknown as {
      paths: Record<
        string,
        Record<string, { description: string; requestBody?: { content: { 'application/json': { schema: unknown } } } }>
      >;
    };
    expect(doc.paths['/users/exists']?.get?.description).toContain(
      'Give exactly one of `username`, `email` or `school_username`',
    );
    expect(doc.paths['/things/link']?.post?.requestBody?.content['application/json'].schema).toMatchObject({
      oneOf: [{ required: ['a'] }, { required: ['b'] }],
    });
  });
});

describe('the CLI, before it sends', () => {
  let server: HttpTestServer;
  beforeAll(async () => {
    server = await startHttpTestServer((_req, res) =>
      sendJson(
        res,
        200,
        { exists: false, history: [], total: 0, totals: [] },
        { 'x-api-target': 'sandbox', 'x-request-id': 'req-1' },
      ),
    );
  });
  afterAll(async () => {
    await server.close();
  });

  it('exits 2 naming the group, with nothing sent, and sends the call that gives one', async () => {
    const client = createClient({ baseUrl: server.url, token: 't' });
    const none = fakeFactory({ client });
    expect(await run(['rewards', 'history'], none)).toBe(2);
    expect(none.err()).toContain('give exactly one of schoolGroupId or group_id (none was given)');
    const both = fakeFactory({ client });
    expect(await run(['users', 'exists', '--username', 'amy', '--email', 'a@b.c'], both)).toBe(2);
    expect(both.err()).toContain('got username and email');
    expect(server.requests).toHaveLength(0);
    expect(await run(['users', 'exists', '--email', 'a@b.c'], fakeFactory({ client }))).toBe(0);
    expect(server.requests.map((r) => r.url)).toEqual(['/users/exists?email=a%40b.c']);
  });
});
