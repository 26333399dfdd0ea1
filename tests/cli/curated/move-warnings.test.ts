import { describe, expect, it } from 'vitest';
import {
  accessWarnings,
  countryWarning,
  currencyWarning,
  destinationText,
  districtWarning,
  moveWarnings,
} from '../../../cli/commands/subscriptions/move-warnings.js';
import { warningText } from '../../../cli/bulk/run-warnings.js';
import { schoolOf, subscriptionOf } from '../../helpers/records.js';

const oakfield = schoolOf({ id: 1, name: 'Oakfield Primary School', teacher_count: 4 });
const elm = schoolOf({ id: 4, name: 'Elm Primary School' });
const maple = schoolOf({ id: 2, name: 'Maple Elementary School', country: 'US', locale: 'en_US', district_id: 1 });
const wattle = schoolOf({ id: 3, name: 'Wattle Public School', country: 'AU', locale: 'en_AU', district_id: 1 });
const literacy = { product_id: 4, product: { code: 'literacy', name: 'Literacy Shed Plus' } };

describe('move warnings, each kind', () => {
  it('country: only when the school moved to is in another country', () => {
    const sub = subscriptionOf({ id: 5 });
    expect(countryWarning({ sub, from: oakfield, to: elm })).toBeUndefined();
    expect(countryWarning({ sub, from: oakfield, to: maple })).toEqual({
      kind: 'country',
      target_id: 5,
      text: 'Subscription 5 (Spelling Shed) moves from GB to US: Maple Elementary School (school 2, US) is in another country than Oakfield Primary School.',
    });
  });

  it("currency: when the subscription's currency is not the one of the school it goes to", () => {
    expect(currencyWarning({ sub: subscriptionOf({ id: 5 }), from: oakfield, to: elm })).toBeUndefined();
    expect(
      currencyWarning({ sub: subscriptionOf({ id: 5, currency: 'usd' }), from: oakfield, to: maple }),
    ).toBeUndefined();
    expect(currencyWarning({ sub: subscriptionOf({ id: 5 }), from: oakfield, to: maple })?.text).toBe(
      'Subscription 5 is billed in GBP; Maple Elementary School (school 2, US) pays in USD: its plan and invoices stay in GBP.',
    );
    // A school of a locale the table lacks is judged by its country's English locale.
    expect(
      currencyWarning({
        sub: subscriptionOf({ id: 5 }),
        from: oakfield,
        to: schoolOf({ id: 9, name: 'Kauri School', country: 'NZ', locale: 'xx_NZ' }),
      })?.text,
    ).toMatch(/pays in NZD/);
  });

  it('district: into one, out of one, or across, never within', () => {
    const sub = subscriptionOf({ id: 5 });
    expect(districtWarning({ sub, from: maple, to: wattle })).toBeUndefined();
    expect(districtWarning({ sub, from: oakfield, to: maple })?.text).toBe(
      'Subscription 5 moves from no district (Oakfield Primary School) to district 1 (Maple Elementary School): the district admins who see it change.',
    );
    expect(districtWarning({ sub, from: wattle, to: oakfield })?.text).toMatch(
      /^Subscription 5 moves from district 1 \(Wattle Public School\) to no district/,
    );
    expect(districtWarning({ sub, from: wattle, to: { ...elm, district_id: 2 } })?.text).toMatch(
      /from district 1 .* to district 2 /,
    );
  });

  it('access: a school left with no live subscription of the product, with who loses access', () => {
    const sub = subscriptionOf({
      id: 13,
      school_id: 1,
      ...literacy,
      assigned: { users: 12, teachers: 3, groups: 2 },
      inferred_teacher_access: true,
    });
    const [warning, ...rest] = accessWarnings(
      [{ sub, from: oakfield, to: maple }],
      [sub, subscriptionOf({ id: 1, school_id: 1 })],
    );
    expect(rest).toEqual([]);
    expect(warning).toEqual({
      kind: 'access',
      target_id: 13,
      text: 'Oakfield Primary School (school 1, GB) is left with no live Literacy Shed Plus subscription: 12 users, 3 teachers, 2 groups assigned to it and all 4 teachers of the school (teacher access is inferred) lose access when subscription 13 moves.',
    });
    const nobody = accessWarnings(
      [
        {
          sub: { ...sub, assigned: { users: 0, teachers: 0, groups: 0 }, inferred_teacher_access: false },
          from: oakfield,
          to: maple,
        },
      ],
      [sub],
    );
    expect(nobody[0]?.text).toMatch(
      /: whoever uses it at the school \(no one is assigned to it by name; 4 teachers\) lose access/,
    );
  });

  it('access: none when the school keeps a live one, the moved one is not live, or the same run moves one in', () => {
    const sub = subscriptionOf({ id: 13, school_id: 1, ...literacy });
    const other = subscriptionOf({ id: 14, school_id: 1, ...literacy, state: 'trial' });
    const ended = subscriptionOf({ id: 15, school_id: 1, ...literacy, state: 'expired' });
    expect(accessWarnings([{ sub, from: oakfield, to: maple }], [sub, other])).toEqual([]);
    expect(accessWarnings([{ sub, from: oakfield, to: maple }], [sub, ended])).toHaveLength(1);
    expect(accessWarnings([{ sub: ended, from: oakfield, to: maple }], [sub, ended])).toEqual([]);
    // Both of the school's literacy subscriptions leave in one run: the second no longer counts as kept.
    expect(
      accessWarnings(
        [
          { sub, from: oakfield, to: maple },
          { sub: other, from: oakfield, to: wattle },
        ],
        [sub, other],
      ).map((w) => w.target_id),
    ).toEqual([13, 14]);
    // Another row brings one in from elsewhere.
    const incoming = subscriptionOf({ id: 20, school_id: 3, ...literacy });
    expect(
      accessWarnings(
        [
          { sub, from: oakfield, to: maple },
          { sub: incoming, from: wattle, to: oakfield },
        ],
        [sub, incoming],
      ).map((w) => w.target_id),
    ).toEqual([20]);
  });

  it('moveWarnings gathers every kind per subscription, in one order', () => {
    const sub = subscriptionOf({ id: 13, school_id: 1, ...literacy });
    expect(moveWarnings([{ sub, from: oakfield, to: maple }], [sub]).map((w) => w.kind)).toEqual([
      'country',
      'currency',
      'district',
      'access',
    ]);
    expect(moveWarnings([{ sub, from: oakfield, to: elm }], [sub, { ...sub, id: 2 }])).toEqual([]);
  });
});

describe('how warnings and destinations read', () => {
  it('prints each warning whole, wrapped at the width, later lines indented', () => {
    const text = warningText(
      [
        {
          kind: 'currency',
          text: 'Subscription 5 is billed in GBP; Maple Elementary School (school 2, US) pays in USD: its plan and invoices stay in GBP.',
        },
      ],
      40,
    );
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe('Warning (currency): Subscription 5 is');
    expect(lines.every((l) => l.length <= 40)).toBe(true);
    expect(lines.slice(1).every((l) => l.startsWith('  '))).toBe(true);
    expect(lines.join(' ').replace(/\s+/g, ' ')).toContain('its plan and invoices stay in GBP.');
  });

  it('names the schools moved to, one, two or many', () => {
    expect(destinationText([maple, maple])).toBe('to Maple Elementary School (school 2, US)');
    expect(destinationText([maple, wattle])).toBe(
      'to Maple Elementary School (school 2, US) and Wattle Public School (school 3, AU)',
    );
    expect(destinationText([maple, wattle, oakfield, elm])).toBe(
      'to 4 schools: Maple Elementary School (school 2, US), Wattle Public School (school 3, AU), Oakfield Primary School (school 1, GB) and 1 more',
    );
  });
});
