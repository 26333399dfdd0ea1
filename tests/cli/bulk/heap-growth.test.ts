import { cachedDataVersionTag } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { PLAN_HEAP_GROWTH_PERCENT, withHeapGrowth } from '../../../cli/bulk/heap-growth.js';

// V8's tag for cached code covers its flags: it changes while the growing factor is set and is the same
// again once it is put back, so code cached at exit is cached under the flags every other run has.
describe('withHeapGrowth', () => {
  it('sets V8 heap growing factor for the work and puts the default back', async () => {
    const before = cachedDataVersionTag();
    const during = await withHeapGrowth(PLAN_HEAP_GROWTH_PERCENT, async () => cachedDataVersionTag());
    expect(during).not.toBe(before);
    expect(cachedDataVersionTag()).toBe(before);
  });

  it('puts the default back when the work fails, and passes the failure on', async () => {
    const before = cachedDataVersionTag();
    await expect(
      withHeapGrowth(PLAN_HEAP_GROWTH_PERCENT, async () => {
        throw new Error('a row is bad');
      }),
    ).rejects.toThrow('a row is bad');
    expect(cachedDataVersionTag()).toBe(before);
  });

  it('answers what the work answers', async () => {
    await expect(withHeapGrowth(50, async () => 'plan printed')).resolves.toBe('plan printed');
  });

  it('refuses a growth that is not a whole number above 0 before setting anything', async () => {
    const before = cachedDataVersionTag();
    let ran = false;
    for (const percent of [0, -5, 1.5, Number.NaN])
      await expect(
        withHeapGrowth(percent, async () => {
          ran = true;
        }),
      ).rejects.toThrow(RangeError);
    expect(ran).toBe(false);
    expect(cachedDataVersionTag()).toBe(before);
  });
});
