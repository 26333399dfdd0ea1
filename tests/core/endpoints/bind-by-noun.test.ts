import { describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse } from '../../../core/api/types.js';
import { bindByNoun } from '../../../core/endpoints/bind-table.js';
import type { Endpoint } from '../../../core/endpoints/define.js';
import { ENDPOINTS } from '../../../core/endpoints/index.js';

// The CLI's typed methods bind each noun on its first call from that noun's entries only
// (a one-off command reads the entries of the nouns it calls, not the whole table).
describe('bindByNoun', () => {
  const setup = () => {
    const asked: string[] = [];
    const sent: ApiRequest[] = [];
    const requester = {
      request: <T>(request: ApiRequest) => {
        sent.push(request);
        return Promise.resolve({
          status: 200,
          data: { ok: true },
          headers: new Headers(),
        } as unknown as ApiResponse<T>);
      },
    };
    const entriesOf = (noun: string): Promise<readonly Endpoint[]> => {
      asked.push(noun);
      return Promise.resolve(ENDPOINTS.filter((e) => e.noun === noun));
    };
    return { api: bindByNoun(requester, entriesOf), asked, sent };
  };

  it('reads only the nouns called, each when first called, and sends the same request as the whole table would', async () => {
    const { api, asked, sent } = setup();
    expect(asked).toEqual([]);
    await api.schools.show({ id: 1 });
    await api.schoolSubscriptions.list({});
    await api.schools.show({ id: 2 });
    expect(new Set(asked)).toEqual(new Set(['schools', 'schoolSubscriptions']));
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET schools/1',
      'GET users/me/school/subscriptions',
      'GET schools/2',
    ]);
  });

  it('checks input before sending, and names a method the table does not have', async () => {
    const { api, sent } = setup();
    await expect(api.schools.show({ id: 'x' as unknown as number })).rejects.toThrow(/id/);
    const unknown = (api as unknown as Record<string, Record<string, () => Promise<unknown>>>).schools?.nope;
    await expect(unknown?.()).rejects.toThrow('no table entry for api.schools.nope');
    expect(sent).toEqual([]);
  });

  it('is not taken for a promise', async () => {
    const { api } = setup();
    expect(await Promise.resolve(api)).toBe(api);
  });
});
