import { describe, expect, it } from 'vitest';
import { defineArea } from '../../../core/endpoints/define.js';
import { buildTable, camelCase, parseRoute } from '../../../core/endpoints/table.js';
import { pathParams } from '../../../core/endpoints/route-pattern.js';

describe('table assembly', () => {
  it('derives method, path, params, client names and flag defaults from an entry', () => {
    const [e] = buildTable([
      defineArea('superuser-billing', {
        'invoices mark-paid': {
          route: 'POST superuser/invoices/{id}/paid',
          role: 'superuser',
          summary: 'Mark an invoice paid',
        },
      }),
    ]);
    expect(e).toMatchObject({
      method: 'POST',
      path: 'superuser/invoices/{id}/paid',
      params: ['id'],
      noun: 'invoices',
      verb: 'markPaid',
      idempotent: false,
      destructive: false,
    });
  });

  it('defaults idempotent from the method and keeps an explicit flag', () => {
    const table = buildTable([
      defineArea('a', {
        'things show': { route: 'GET things/{id}', role: 'user', summary: 'Show a thing' },
        'things replace': { route: 'PUT things/{id}', role: 'user', summary: 'Replace a thing' },
        'things set-flag': { route: 'POST things/{id}/flag', role: 'user', summary: 'Set the flag', idempotent: true },
      }),
    ]);
    expect(table.map((e) => e.idempotent)).toEqual([true, true, true]);
  });

  it('refuses duplicate commands and duplicate routes across areas', () => {
    const a = defineArea('a', { 'x list': { route: 'GET x', role: 'user', summary: 'List x' } });
    expect(() =>
      buildTable([a, defineArea('b', { 'x list': { route: 'GET y', role: 'user', summary: 'List y' } })]),
    ).toThrow(/Duplicate command "x list"/);
    expect(() =>
      buildTable([a, defineArea('b', { 'y list': { route: 'GET x', role: 'user', summary: 'List y' } })]),
    ).toThrow(/Duplicate route "GET x"/);
  });

  it('refuses command names that are not two kebab-case words', () => {
    expect(() =>
      buildTable([defineArea('a', { 'Invoices paid': { route: 'GET x', role: 'user', summary: 's' } })]),
    ).toThrow(/Bad command name/);
    expect(() =>
      buildTable([defineArea('a', { 'a b c': { route: 'GET x', role: 'user', summary: 's' } } as never)]),
    ).toThrow(/Bad command name/);
  });

  it('parses routes and finds parameters embedded in a segment', () => {
    expect(parseRoute('DELETE schools/{id}/set{school_system}id')).toEqual({
      method: 'DELETE',
      path: 'schools/{id}/set{school_system}id',
    });
    expect(pathParams('schools/{id}/set{school_system}id')).toEqual(['id', 'school_system']);
    expect(() => parseRoute('FETCH things')).toThrow(/Bad route/);
    expect(() => parseRoute('GET /things')).toThrow(/Bad route/);
    expect(camelCase('cancel-at-expiry')).toBe('cancelAtExpiry');
  });
});
