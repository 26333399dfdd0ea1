/**
 * Keyed deterministic pseudonyms for a production copy: every personal value (a person's names, username,
 * email, school username; an address; a phone number; free text) becomes a value drawn by an HMAC of the
 * secret key and what it stands for. The same key gives the same pseudonym, so one person is the same
 * person in every school of a copy and in every copy made with that key; another key gives others. Without
 * the key a pseudonym cannot be traced back, and nothing of the value it replaces is kept.
 */
import { createHmac } from 'node:crypto';
import { JOIN_CODE_ALPHABET } from '../../sandbox/domain/schools/codes.js';

/** First and last names a pseudonym is drawn from, by the part of the English-speaking world a locale is in. */
const NAMES: Readonly<
  Record<
    'gb' | 'us' | 'au',
    { readonly first: readonly string[]; readonly last: readonly string[]; readonly towns: readonly string[] }
  >
> = {
  gb: {
    first: [
      'Amelia',
      'Oliver',
      'Isla',
      'George',
      'Ava',
      'Harry',
      'Freya',
      'Jack',
      'Poppy',
      'Alfie',
      'Rosie',
      'Archie',
      'Evie',
      'Theo',
      'Maisie',
      'Oscar',
    ],
    last: [
      'Ashdown',
      'Birchall',
      'Cotterill',
      'Dunmore',
      'Eastwood',
      'Fairbairn',
      'Greaves',
      'Hollins',
      'Ingleby',
      'Jessop',
      'Kirkham',
      'Lockwood',
      'Marsden',
      'Northcott',
      'Ormerod',
      'Pickering',
    ],
    towns: ['Ambleford', 'Brackenbury', 'Cresswell', 'Dunholme', 'Eldercombe', 'Fernley', 'Glenmoor', 'Hartwell'],
  },
  us: {
    first: [
      'Madison',
      'Ethan',
      'Avery',
      'Logan',
      'Harper',
      'Mason',
      'Aubrey',
      'Carter',
      'Brooklyn',
      'Wyatt',
      'Peyton',
      'Hunter',
      'Kinsley',
      'Grayson',
      'Addison',
      'Landon',
    ],
    last: [
      'Abernathy',
      'Bramwell',
      'Castellano',
      'Delacroix',
      'Ellsworth',
      'Fairchild',
      'Gallagher',
      'Hollister',
      'Ivanhoe',
      'Jennings',
      'Kingsley',
      'Lancaster',
      'Montgomery',
      'Nakamura',
      'Oakley',
      'Prescott',
    ],
    towns: [
      'Ashford Falls',
      'Brookhaven',
      'Cedar Ridge',
      'Dover Springs',
      'Elm Grove',
      'Fox Hollow',
      'Granite Bay',
      'Harper Mills',
    ],
  },
  au: {
    first: [
      'Matilda',
      'Lachlan',
      'Charlotte',
      'Cooper',
      'Mia',
      'Riley',
      'Ruby',
      'Flynn',
      'Chloe',
      'Harrison',
      'Zoe',
      'Angus',
      'Sienna',
      'Jett',
      'Ivy',
      'Hamish',
    ],
    last: [
      'Ainsworth',
      'Bancroft',
      'Carmody',
      'Dalgety',
      'Elphick',
      'Fitzroy',
      'Gilmore',
      'Hindmarsh',
      'Ironside',
      'Jardine',
      'Kennard',
      'Lethbridge',
      'McAlister',
      'Nankervis',
      'Oldfield',
      'Penhaligon',
    ],
    towns: [
      'Acacia Flat',
      'Banksia Vale',
      'Coolabah',
      'Darling Point',
      'Emu Plains',
      'Gumtree Creek',
      'Kurrajong',
      'Wattle Glen',
    ],
  },
};
const STREETS = ['Acorn', 'Beacon', 'Chapel', 'Dovecote', 'Elder', 'Foundry', 'Granary', 'Heather'] as const;
const STREET_KINDS = ['Lane', 'Road', 'Street', 'Close', 'Way', 'Avenue'] as const;

/** Which list of names a school's locale draws from: `en_US` and `en_CA` American, `en_AU` and `en_NZ` Australian, the rest British. */
export function nameRegion(locale: string): keyof typeof NAMES {
  const country = locale.slice(-2).toUpperCase();
  if (country === 'US' || country === 'CA') return 'us';
  if (country === 'AU' || country === 'NZ') return 'au';
  return 'gb';
}

/** A person's pseudonymous identity: every personal field of a user, drawn together so they agree. */
export interface PersonPseudonym {
  readonly first_name: string;
  readonly last_name: string;
  readonly display_name: string;
  readonly username: string;
  /** Ends in `.invalid` (RFC 2606): no mail can be delivered to it. */
  readonly email: string;
  readonly school_username: string;
}

/** A postal address (the sandbox's address JSON) with everything but its country and region replaced. */
export interface AddressPseudonym {
  readonly lines: readonly string[];
  readonly town: string;
  readonly postcode: string;
  readonly [key: string]: unknown;
}

export interface Pseudonymiser {
  /** The person `subject` (a stable id: `user:42`) in the names of `locale`. */
  person(subject: string, locale: string): PersonPseudonym;
  /** A postal address in place of `value`, keeping its `country` and `region` (billing and tax depend on them). */
  address(subject: string, locale: string, value: unknown): AddressPseudonym;
  /** A phone number that reaches nobody (the 555-01xx range set aside for fiction, 07700 900xxx in the UK). */
  phone(subject: string, locale: string): string;
  /** Free text (a note, a description) replaced by a short label: nothing of the text is kept. */
  note(subject: string, label: string): string;
  /**
   * A JSON value (a school's settings) with its keys, numbers, booleans and nulls kept and every text in it,
   * at any depth, replaced by a note: a contact's name or email there is free text like any other.
   */
  texts(subject: string, value: unknown): unknown;
  /** A school's join code (six characters of the sandbox's alphabet): production's lets anyone join the school there. */
  joinCode(subject: string): string;
  /** An opaque id of `length` (8 to 64) lowercase hex digits: an invoice's shareable one, whose page anyone may open. */
  hex(subject: string, length: number): string;
}

/**
 * The pseudonymiser of one key. Pure: the same key and subject give the same pseudonym on every machine.
 *
 * @example
 * const p = pseudonymiser(Buffer.from('0123456789abcdef0123456789abcdef'));
 * p.person('user:42', 'en_GB').email; // 'amelia.ashdown.3f2a9c@example.invalid'
 */
export function pseudonymiser(key: Uint8Array): Pseudonymiser {
  if (key.length < 16) throw new RangeError('A pseudonym key must be at least 16 bytes');
  const digest = (subject: string, purpose: string): Buffer =>
    createHmac('sha256', key).update(`${purpose}\u0000${subject}`).digest();
  const pick = <T>(list: readonly T[], bytes: Buffer, at: number): T => list[bytes.readUInt16BE(at) % list.length] as T;
  const note = (subject: string, label: string): string =>
    `${label} ${digest(subject, 'note').subarray(0, 4).toString('hex')}`;
  return {
    person(subject, locale) {
      const bytes = digest(subject, 'person');
      const names = NAMES[nameRegion(locale)];
      const first = pick(names.first, bytes, 0);
      const last = pick(names.last, bytes, 2);
      // Six hex digits of the digest keep usernames (unique in the sandbox) apart between people who share names.
      const tag = bytes.subarray(4, 7).toString('hex');
      const handle = `${first}.${last}`.toLowerCase();
      return {
        first_name: first,
        last_name: last,
        display_name: `${first} ${last}`,
        username: `${handle}.${tag}`,
        email: `${handle}.${tag}@example.invalid`,
        school_username: `${first.toLowerCase()}${last.slice(0, 1).toLowerCase()}${tag}`,
      };
    },
    address(subject, locale, value) {
      const bytes = digest(subject, 'address');
      const names = NAMES[nameRegion(locale)];
      const source =
        typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
      const kept = Object.fromEntries(
        ['country', 'region'].flatMap((k) => (typeof source[k] === 'string' ? [[k, source[k]]] : [])),
      );
      const number = 1 + (bytes.readUInt16BE(0) % 199);
      const region = nameRegion(locale);
      const postcode =
        region === 'us'
          ? String(10_000 + (bytes.readUInt32BE(2) % 89_999))
          : region === 'au'
            ? String(2000 + (bytes.readUInt16BE(6) % 7000))
            : `ZZ${1 + ((bytes[8] ?? 0) % 99)} 9ZZ`;
      return {
        lines: [`${number} ${pick(STREETS, bytes, 9)} ${pick(STREET_KINDS, bytes, 11)}`],
        town: pick(names.towns, bytes, 13),
        postcode,
        ...kept,
      };
    },
    phone(subject, locale) {
      const bytes = digest(subject, 'phone');
      const n = String(bytes.readUInt16BE(0) % 100).padStart(2, '0');
      return nameRegion(locale) === 'gb' ? `07700 9000${n}` : `555-01${n}`;
    },
    note,
    joinCode(subject) {
      const bytes = digest(subject, 'join-code');
      return Array.from({ length: 6 }, (_, n) => JOIN_CODE_ALPHABET[(bytes[n] ?? 0) % JOIN_CODE_ALPHABET.length]).join(
        '',
      );
    },
    hex(subject, length) {
      return digest(subject, 'hex')
        .toString('hex')
        .slice(0, Math.min(64, Math.max(8, length)));
    },
    texts(subject, value) {
      const walk = (v: unknown, path: string): unknown => {
        if (typeof v === 'string') return v === '' ? '' : note(`${subject}:${path}`, 'Text');
        if (Array.isArray(v)) return v.map((item, n) => walk(item, `${path}.${n}`));
        if (typeof v === 'object' && v !== null)
          return Object.fromEntries(Object.entries(v).map(([k, item]) => [k, walk(item, `${path}.${k}`)]));
        return v;
      };
      return walk(value, '');
    },
  };
}
