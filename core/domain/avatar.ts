import * as z from 'zod/mini';

/** The part slots of an avatar description, in the order the spec lists them (O §3). */
export const AVATAR_SLOTS = [
  'shirtType',
  'backgroundType',
  'accessory',
  'face',
  'default',
  'background',
  'facepaint',
  'eyes',
  'mouth',
  'hair',
  'shirt',
  'facialhair',
  'wings',
  'hat',
  'scarf',
  'jewellery',
  'hand',
  'pet',
  'extra',
] as const;
export type AvatarSlot = (typeof AVATAR_SLOTS)[number];

export const AVATAR_COLOURS = [
  'backgroundColor',
  'hairColor',
  'eyeColor',
  'skinColor',
  'shirtColor1',
  'shirtColor2',
  'headwearColor',
] as const;
export type AvatarColour = (typeof AVATAR_COLOURS)[number];

/** How many entries each colour palette has (O §3); the colours themselves are not shown. */
export const AVATAR_PALETTE_SIZES = { skin: 9, eye: 5, hair: 20, custom: 20 } as const;

/** Drawing order, bottom to top (O §3). */
export const AVATAR_LAYERS = [
  'canvas',
  'background',
  'chairs',
  'hairback',
  'wings',
  'shirt',
  'body',
  'head',
  'face',
  'onface',
  'facialhair',
  'hairfront',
  'masks',
  'hat',
  'held',
  'pet',
  'effects',
] as const;
export type AvatarLayer = (typeof AVATAR_LAYERS)[number];

/** Image sizes in pixels (O §9). */
export const AVATAR_SIZES = {
  1: { width: 56, height: 64 },
  2: { width: 160, height: 184 },
  3: { width: 320, height: 368 },
} as const;
export type AvatarSize = keyof typeof AVATAR_SIZES;
export const DEFAULT_AVATAR_SIZE = 3 satisfies AvatarSize;

const part = z.nullish(z.union([z.string(), z.number()]));

/** An avatar description as stored in `user.avatar` (JSON text); unknown keys are kept. */
export const AVATAR_SCHEMA = z.looseObject({
  ...Object.fromEntries(AVATAR_SLOTS.map((slot) => [slot, part])),
  ...Object.fromEntries(AVATAR_COLOURS.map((colour) => [colour, part])),
} as Record<AvatarSlot | AvatarColour, typeof part>);
export type AvatarDescription = z.infer<typeof AVATAR_SCHEMA>;

/**
 * Parses the avatar JSON text of a user, throwing on bad JSON or a wrongly typed slot.
 *
 * @example
 * parseAvatar('{"hair":"hair_3","eyes":"eyes_1"}').hair // 'hair_3'
 */
export function parseAvatar(text: string): AvatarDescription {
  return AVATAR_SCHEMA.parse(JSON.parse(text));
}

/**
 * The dimensions of an avatar image size; anything but 1 or 2 is the default size 3 (O §9).
 *
 * @example
 * avatarDimensions(1) // { width: 56, height: 64 }
 * avatarDimensions()  // { width: 320, height: 368 }
 */
export function avatarDimensions(size?: number): (typeof AVATAR_SIZES)[AvatarSize] {
  return size === 1 || size === 2 ? AVATAR_SIZES[size] : AVATAR_SIZES[DEFAULT_AVATAR_SIZE];
}

/**
 * The avatar hash (O §9): SHA-1, hex, of the slot keys in slot order joined with `|`. An empty slot counts
 * as the empty string (our choice), so the hash changes exactly when a part changes. Uses Web Crypto, so it
 * runs in the browser and in Node 20.
 *
 * @example
 * await avatarHash({ hair: 'hair_3', eyes: 'eyes_1' }) // 40 hex characters
 */
export async function avatarHash(avatar: Partial<Record<AvatarSlot, string | number | null>>): Promise<string> {
  const joined = AVATAR_SLOTS.map((slot) => String(avatar[slot] ?? '')).join('|');
  const digest = await globalThis.crypto.subtle.digest('SHA-1', new TextEncoder().encode(joined));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
