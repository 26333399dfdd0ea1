import { describe, expect, it } from 'vitest';
import { byCodeUnits } from '../../../core/domain/order.js';

describe('byCodeUnits', () => {
  it('orders ISO dates and timestamps by time', () => {
    expect(['2026-12-01', '2026-11-30T23:59:59Z', '2026-11-30', '2025-12-31'].sort(byCodeUnits)).toEqual([
      '2025-12-31',
      '2026-11-30',
      '2026-11-30T23:59:59Z',
      '2026-12-01',
    ]);
  });
  it('orders currency codes and keys by code unit, capitals first, unlike a locale collation', () => {
    expect(['usd', 'GBP', 'EUR', 'aud'].sort(byCodeUnits)).toEqual(['EUR', 'GBP', 'aud', 'usd']);
    expect(byCodeUnits('GBP', 'GBP')).toBe(0);
  });
});
