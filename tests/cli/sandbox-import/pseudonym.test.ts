import { describe, expect, it } from 'vitest';
import { nameRegion, pseudonymiser } from '../../../cli/sandbox-import/pseudonym.js';

const KEY = Buffer.alloc(32, 7);
const OTHER = Buffer.alloc(32, 8);

describe('the pseudonymiser', () => {
  it('gives the same person the same pseudonym for one key, and other pseudonyms for another key', () => {
    const a = pseudonymiser(KEY).person('user:42', 'en_GB');
    expect(pseudonymiser(KEY).person('user:42', 'en_GB')).toEqual(a);
    const many = Array.from({ length: 20 }, (_, i) => pseudonymiser(OTHER).person(`user:${i}`, 'en_GB').username);
    const mine = Array.from({ length: 20 }, (_, i) => pseudonymiser(KEY).person(`user:${i}`, 'en_GB').username);
    expect(many.filter((name, i) => name === mine[i])).toEqual([]);
  });

  it('keeps the fields of one person in agreement, with an undeliverable email', () => {
    const who = pseudonymiser(KEY).person('user:7', 'en_US');
    expect(who.display_name).toBe(`${who.first_name} ${who.last_name}`);
    expect(who.email).toMatch(/^[a-z]+\.[a-z]+\.[0-9a-f]{6}@example\.invalid$/);
    expect(who.username).toBe(who.email.replace('@example.invalid', ''));
  });

  it("draws names from the school's locale", () => {
    expect([
      nameRegion('en_US'),
      nameRegion('en_CA'),
      nameRegion('en_AU'),
      nameRegion('en_NZ'),
      nameRegion('en_GB'),
      nameRegion('en_IE'),
    ]).toEqual(['us', 'us', 'au', 'au', 'gb', 'gb']);
    const firsts = (locale: string) =>
      new Set(Array.from({ length: 40 }, (_, i) => pseudonymiser(KEY).person(`user:${i}`, locale).first_name));
    const us = firsts('en_US');
    expect([...firsts('en_GB')].filter((name) => us.has(name))).toEqual([]);
  });

  it('replaces an address but its country and region, and keeps nothing of free text', () => {
    const p = pseudonymiser(KEY);
    const address = p.address('address:1', 'en_GB', {
      lines: ['MARKER 12 Acorn Lane'],
      town: 'Leeds',
      postcode: 'LS6 2AB',
      country: 'GB',
      region: 'West Yorkshire',
      phone: '0113 496 0000',
    });
    expect(address.country).toBe('GB');
    expect(address.region).toBe('West Yorkshire');
    expect(JSON.stringify(address)).not.toMatch(/MARKER|Acorn|Leeds|LS6|0113/);
    expect(p.note('group:1', 'Group')).toMatch(/^Group [0-9a-f]{8}$/);
    expect(p.phone('user:1', 'en_US')).toMatch(/^555-01\d\d$/);
  });

  it('refuses a key too short to be secret', () => {
    expect(() => pseudonymiser(Buffer.alloc(8))).toThrow(/at least 16 bytes/);
  });
});
