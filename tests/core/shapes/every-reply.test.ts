/** Every entry of the table states its reply, and where the spec names a response key, the reply has it. */
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../core/endpoints/index.js';
import { isObjectShape, type ReplyValue } from '../../../core/shapes/define.js';

/** The value at a dotted key of a reply (`resources.items`), descending into inline objects. */
function valueAt(reply: Readonly<Record<string, ReplyValue>>, path: string): ReplyValue | undefined {
  const [head, ...rest] = path.split('.');
  const value = reply[head ?? ''];
  if (rest.length === 0 || value === undefined) return value;
  return isObjectShape(value) ? valueAt(value.fields, rest.join('.')) : undefined;
}

describe('the replies of the table', () => {
  it('are stated on every entry', () => {
    expect(
      ENDPOINTS.filter((e) => e.reply === undefined || Object.keys(e.reply).length === 0).map((e) => e.command),
    ).toEqual([]);
  });

  it('hold the response key the spec names, where it names one', () => {
    const named = ENDPOINTS.filter((e) => e.response !== undefined);
    expect(named.length).toBeGreaterThan(10);
    const missing = named.flatMap((e) =>
      (e.response ?? '')
        .split(',')
        .map((key) => key.trim())
        .filter((key) => valueAt(e.reply ?? {}, key) === undefined)
        .map((key) => `${e.command}: ${key}`),
    );
    expect(missing).toEqual([]);
  });
});
