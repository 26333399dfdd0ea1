import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  AVATAR_COLOURS,
  AVATAR_LAYERS,
  AVATAR_PALETTE_SIZES,
  AVATAR_SLOTS,
  AVATAR_SIZES,
  avatarDimensions,
  avatarHash,
  parseAvatar,
} from '../../../core/domain/avatar.js';

describe('avatar tables (O §3, §9)', () => {
  it('has 19 slots, 7 colours, the palette sizes and 17 layers bottom to top', () => {
    expect(AVATAR_SLOTS).toHaveLength(19);
    expect(AVATAR_COLOURS).toHaveLength(7);
    expect(AVATAR_PALETTE_SIZES).toEqual({ skin: 9, eye: 5, hair: 20, custom: 20 });
    expect(AVATAR_LAYERS).toHaveLength(17);
    expect(AVATAR_LAYERS[0]).toBe('canvas');
    expect(AVATAR_LAYERS.at(-1)).toBe('effects');
    expect(AVATAR_LAYERS.indexOf('hairback')).toBeLessThan(AVATAR_LAYERS.indexOf('hairfront'));
  });

  it.each([
    [1, 56, 64],
    [2, 160, 184],
    [3, 320, 368],
    [undefined, 320, 368],
    [7, 320, 368],
  ])('size %s is %ix%i', (size, width, height) => {
    expect(avatarDimensions(size)).toEqual({ width, height });
  });

  it('has exactly the sizes 1, 2 and 3', () => {
    expect(Object.keys(AVATAR_SIZES)).toEqual(['1', '2', '3']);
  });
});

describe('parseAvatar', () => {
  it('reads the JSON text and keeps unknown keys', () => {
    const avatar = parseAvatar('{"hair":"hair_3","eyes":2,"skinColor":"s1","sparkle":true}');
    expect(avatar).toMatchObject({ hair: 'hair_3', eyes: 2, skinColor: 's1', sparkle: true });
  });

  it('throws on bad JSON or a wrongly typed slot', () => {
    expect(() => parseAvatar('{')).toThrow();
    expect(() => parseAvatar('{"hair":{"x":1}}')).toThrow();
  });
});

describe('avatarHash', () => {
  it('is the SHA-1 hex of the slot keys in slot order joined with |', async () => {
    const avatar = { hair: 'hair_3', eyes: 'eyes_1', pet: 7, shirtType: 'tee' };
    const joined = AVATAR_SLOTS.map((slot) => String((avatar as Record<string, unknown>)[slot] ?? '')).join('|');
    expect(joined.startsWith('tee|')).toBe(true);
    const hash = await avatarHash(avatar);
    expect(hash).toBe(createHash('sha1').update(joined).digest('hex'));
    expect(hash).toMatch(/^[0-9a-f]{40}$/);
  });

  it('ignores colours and changes when any part changes', async () => {
    const base = await avatarHash({ hair: 'hair_3' });
    expect(await avatarHash({ hair: 'hair_3', ...{ hairColor: 'red' } } as { hair: string })).toBe(base);
    expect(await avatarHash({ hair: 'hair_4' })).not.toBe(base);
    expect(await avatarHash({ hat: 'hair_3' })).not.toBe(base);
  });

  it('hashes an empty avatar as 18 separators', async () => {
    expect(await avatarHash({})).toBe(createHash('sha1').update('|'.repeat(18)).digest('hex'));
  });
});
