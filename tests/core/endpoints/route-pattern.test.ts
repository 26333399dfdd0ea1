import { describe, expect, it } from 'vitest';
import {
  compileRoute,
  compileSegment,
  fillPath,
  pathParams,
  routePattern,
} from '../../../core/endpoints/route-pattern.js';

describe('compileSegment', () => {
  it('matches a literal segment only to itself, with no values', () => {
    const paid = compileSegment('paid');
    expect(paid).toMatchObject({ kind: 'literal', params: [], weight: 4, key: 'paid' });
    expect(paid.match('paid')).toEqual([]);
    expect(paid.match('Paid')).toBeNull();
    expect(paid.match('paidx')).toBeNull();
  });

  it('matches a bare parameter to any non-empty segment, slashes and newlines included once decoded', () => {
    const id = compileSegment('{id}');
    expect(id).toMatchObject({ kind: 'param', params: ['id'], weight: 0 });
    expect(id.match('8')).toEqual(['8']);
    expect(id.match('a b/c\n')).toEqual(['a b/c\n']);
    expect(id.match('')).toBeNull();
    expect(compileSegment('{school_id}').key).toBe(id.key);
  });

  it('matches a parameter inside a segment to a non-empty run between its literals', () => {
    const set = compileSegment('set{school_system}id');
    expect(set).toMatchObject({ kind: 'pattern', params: ['school_system'], weight: 5 });
    expect(set.match('setwondeid')).toEqual(['wonde']);
    expect(set.match('setid')).toBeNull();
    expect(set.match('xsetwondeid')).toBeNull();
    expect(set.match('setwondeidx')).toBeNull();
  });

  it('escapes regex characters of the literal parts', () => {
    const dotted = compileSegment('a.b{x}');
    expect(dotted.match('a.bz')).toEqual(['z']);
    expect(dotted.match('aXbz')).toBeNull();
  });

  it('matches a fixed placeholder only to its value, and counts the value in the weight', () => {
    const fixed = { roster_b: 'clever' };
    const link = compileSegment('link{roster_b}', fixed);
    expect(link).toMatchObject({ kind: 'pattern', weight: 10 });
    expect(link.match('linkclever')).toEqual(['clever']);
    expect(link.match('linkwonde')).toBeNull();
    const bare = compileSegment('{roster_b}', fixed);
    expect(bare).toMatchObject({ kind: 'pattern', params: ['roster_b'], weight: 6 });
    expect(bare.match('clever')).toEqual(['clever']);
    expect(bare.match('wonde')).toBeNull();
    expect(compileSegment('link{roster_a}', { roster_a: 'clever' }).key).toBe(link.key);
    expect(compileSegment('link{roster_a}', { roster_a: 'wonde' }).key).not.toBe(link.key);
  });
});

describe('compileRoute', () => {
  it('gives every parameter of a matching path by name, and null for another path', () => {
    const route = compileRoute('schools/{id}/set{school_system}id');
    expect(route.params).toEqual(['id', 'school_system']);
    expect(route.segments.map((s) => s.kind)).toEqual(['literal', 'param', 'pattern']);
    expect(route.match('schools/12/setcleverid')).toEqual({ id: '12', school_system: 'clever' });
    expect(route.match('schools/12/setid')).toBeNull();
    expect(route.match('schools/12/setcleverid/more')).toBeNull();
    expect(route.match('schools/setcleverid')).toBeNull();
    expect(route.match('/schools/12/setcleverid')).toBeNull();
    expect(route.match('schools//setcleverid')).toBeNull();
  });

  it('takes segments as given, so an encoded path is matched undecoded', () => {
    const route = compileRoute('superuser/invoices/{id}/paid');
    expect(route.match('superuser/invoices/a%20b/paid')).toEqual({ id: 'a%20b' });
    expect(route.matchSegments(['superuser', 'invoices', 'a b', 'paid'])).toEqual({ id: 'a b' });
  });

  it('answers a fixed parameter with its value', () => {
    const route = compileRoute('users/me/school/link{roster_b}', { roster_b: 'clever' });
    expect(route.match('users/me/school/linkclever')).toEqual({ roster_b: 'clever' });
    expect(route.match('users/me/school/linkwonde')).toBeNull();
    expect(compileRoute('users/me/school/link{roster_b}').match('users/me/school/linkwonde')).toEqual({
      roster_b: 'wonde',
    });
  });

  it('routePattern compiles a path once and keeps it', () => {
    const path = 'superuser/invoices/{id}/{accounting}';
    expect(routePattern(path)).toBe(routePattern(path));
    expect(routePattern(path).match('superuser/invoices/8/xero')).toEqual({ id: '8', accounting: 'xero' });
  });
});

describe('pathParams and fillPath', () => {
  it('lists the parameters in order', () => {
    expect(pathParams('schools/{id}/set{school_system}id')).toEqual(['id', 'school_system']);
    expect(pathParams('auth/login')).toEqual([]);
  });

  it('fills a path URL-encoded by default, as given with identity, empty when missing', () => {
    expect(fillPath('schools/{id}/set{school_system}id', { id: 'a b', school_system: 'c/d' })).toBe(
      'schools/a%20b/setc%2Fdid',
    );
    expect(fillPath('schools/{id}', { id: 'a b' }, (value) => value)).toBe('schools/a b');
    expect(fillPath('schools/{id}/x', {})).toBe('schools//x');
  });

  it('fills a path that its compiled route matches back to the same values', () => {
    const path = 'schools/{id}/set{school_system}id';
    const values = { id: '7', school_system: 'wonde' };
    expect(compileRoute(path).match(fillPath(path, values))).toEqual(values);
  });
});
