import { describe, expect, it } from 'vitest';
import { createHarness } from './harness.js';

describe('DELETE users/me/school/paymentmethods/{id}', () => {
  it("removes the school's own card, and answers 404 for a card of another school, a removed one or none", async () => {
    const h = createHarness();
    const own = h.value<number>(
      'SELECT id FROM payment_methods WHERE school_id = 1 AND deleted_at IS NULL ORDER BY id LIMIT 1',
    );
    const other = h.value<number>(
      'SELECT id FROM payment_methods WHERE school_id <> 1 AND deleted_at IS NULL ORDER BY id LIMIT 1',
    );
    expect(own).toEqual(expect.any(Number));
    expect(other).toEqual(expect.any(Number));
    const remove = (id: number) =>
      h.call('DELETE users/me/school/paymentmethods/{id}', { as: 'admin', params: { id } });

    const foreign = await remove(other);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).toContain(`Payment method ${other} not found`);
    expect(h.value('SELECT deleted_at FROM payment_methods WHERE id = ?', other)).toBeNull();

    expect((await remove(own)).status).toBe(200);
    expect(h.value('SELECT deleted_at IS NOT NULL FROM payment_methods WHERE id = ?', own)).toBe(1);
    const again = await remove(own);
    expect(again.status).toBe(404);
    expect(JSON.stringify(again.body)).toContain(`Payment method ${own} not found`);
    expect((await remove(999_999)).status).toBe(404);
  });
});
