/**
 * Generated pupil names: display names shown on leaderboards (never a child's real name), school
 * usernames and first passwords. Each takes a random source so the seed stays deterministic.
 */

/** A number in [0, 1), like Math.random. */
export type Random = () => number;

const ADJECTIVES = [
  'Brave',
  'Bright',
  'Busy',
  'Calm',
  'Clever',
  'Cosy',
  'Daring',
  'Eager',
  'Fast',
  'Fizzy',
  'Gentle',
  'Golden',
  'Happy',
  'Jolly',
  'Kind',
  'Lively',
  'Lucky',
  'Mighty',
  'Nimble',
  'Plucky',
  'Quick',
  'Quiet',
  'Rapid',
  'Shiny',
  'Silly',
  'Smart',
  'Snappy',
  'Sparky',
  'Speedy',
  'Sunny',
  'Swift',
  'Tidy',
  'Witty',
  'Zany',
  'Zippy',
  'Cheery',
] as const;

const ANIMALS = [
  'Badger',
  'Bee',
  'Beaver',
  'Bison',
  'Cheetah',
  'Dolphin',
  'Eagle',
  'Falcon',
  'Ferret',
  'Fox',
  'Gecko',
  'Hare',
  'Hedgehog',
  'Heron',
  'Koala',
  'Lemur',
  'Lion',
  'Llama',
  'Lynx',
  'Meerkat',
  'Moose',
  'Newt',
  'Otter',
  'Owl',
  'Panda',
  'Parrot',
  'Penguin',
  'Puffin',
  'Rabbit',
  'Robin',
  'Seal',
  'Squirrel',
  'Tiger',
  'Toucan',
  'Walrus',
  'Wombat',
] as const;

const WORDS = [
  'apple',
  'cloud',
  'river',
  'tiger',
  'maple',
  'comet',
  'pebble',
  'rocket',
  'lemon',
  'planet',
  'forest',
  'pirate',
] as const;

function pick<T>(list: readonly T[], random: Random): T {
  return list[Math.floor(random() * list.length) % list.length] as T;
}

/**
 * A display name such as `Swift Otter`.
 *
 * @example
 * generateDisplayName(Math.random) // 'Plucky Puffin'
 */
export function generateDisplayName(random: Random): string {
  return `${pick(ADJECTIVES, random)} ${pick(ANIMALS, random)}`;
}

/**
 * A school username from a name: lower case letters and digits only, at most 20 characters.
 *
 * @example
 * usernameFrom('Amy-Jo Smith') // 'amyjosmith'
 */
export function usernameFrom(name: string): string {
  const base = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 20);
  return base === '' ? 'pupil' : base;
}

/**
 * The first of `base`, `base2`, `base3`... that `taken` does not hold.
 *
 * @example
 * uniqueName('swiftotter', new Set(['swiftotter'])) // 'swiftotter2'
 */
export function uniqueName(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * A first password a pupil can type: a word and two digits.
 *
 * @example
 * generatePassword(Math.random) // 'comet42'
 */
export function generatePassword(random: Random): string {
  return `${pick(WORDS, random)}${Math.floor(random() * 90) + 10}`;
}
