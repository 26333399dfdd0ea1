import { describe, expect, it } from 'vitest';
import { alreadyAtSchool } from '../../../core/domain/subscription-move.js';

describe('alreadyAtSchool', () => {
  it('is true only when the subscription is at the school it would move to', () => {
    expect(alreadyAtSchool({ school_id: 2 }, 2)).toBe(true);
    expect(alreadyAtSchool({ school_id: 2 }, 3)).toBe(false);
  });

  it('is false when the school is not known (a target not read)', () => {
    expect(alreadyAtSchool({ school_id: null }, 2)).toBe(false);
    expect(alreadyAtSchool({ school_id: undefined }, 2)).toBe(false);
  });
});
