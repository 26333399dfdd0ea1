import { describe, expect, it } from 'vitest';
import {
  MANIFEST,
  UnknownFieldError,
  checkEnvelope,
  cleanRecord,
  type RecordKind,
} from '../../../cli/sandbox-import/manifest.js';

describe('the import manifest', () => {
  it("classifies exactly the fields of each kind's shape in core", () => {
    for (const kind of Object.keys(MANIFEST) as RecordKind[]) {
      expect(Object.keys(MANIFEST[kind].fields).sort(), kind).toEqual(Object.keys(MANIFEST[kind].shape.fields).sort());
    }
  });

  it('pseudonymises every personal field of a user and keeps the rest', () => {
    const user = MANIFEST.user.fields;
    for (const field of ['username', 'first_name', 'last_name', 'display_name', 'email', 'school_username'] as const)
      expect(user[field]).toBe('pseudonymise');
    expect([
      MANIFEST.address.fields.address,
      MANIFEST.invoice.fields.description,
      MANIFEST.group.fields.description,
    ]).toEqual(['pseudonymise', 'pseudonymise', 'pseudonymise']);
    for (const field of [
      'number',
      'state',
      'total',
      'currency',
      'issued_at',
      'due_at',
      'promised_reference',
      'paid_date',
    ] as const)
      expect(MANIFEST.invoice.fields[field]).toBe('keep');
    expect([MANIFEST.subscription.fields.po_number, MANIFEST.subscription.fields.plan_id]).toEqual(['keep', 'keep']);
  });

  it('keeps, replaces and drops as classified', () => {
    const out = cleanRecord(
      'user',
      { id: 4, username: 'pip', email: 'pip@school.example', kind: 'pupil' },
      'GET users',
      (fields) => Object.fromEntries(fields.map((f) => [f, `P(${f})`])),
    );
    expect(out).toEqual({ id: 4, username: 'P(username)', email: 'P(email)', kind: 'pupil' });
    expect(cleanRecord('school', { id: 1, name: 'Oakfield', pupil_count: 30 }, 'GET schools/1', () => ({}))).toEqual({
      id: 1,
      name: 'Oakfield',
    });
  });

  it('fails on a field it does not know, naming the field and where it came from', () => {
    const run = () =>
      cleanRecord('invoice', { id: 1, bank_account: '12345678' }, 'GET subscriptions/invoices?school_id=1', () => ({}));
    expect(run).toThrow(UnknownFieldError);
    expect(run).toThrow(
      /GET subscriptions\/invoices\?school_id=1: field "bank_account" of a invoice is not in the import manifest/,
    );
    expect(() => checkEnvelope({ users: [], total: 0, next: 'x' }, ['users', 'total'], 'GET users')).toThrow(
      /field "next" of the reply/,
    );
    expect(() => cleanRecord('user', { constructor: 1 }, 'GET users', () => ({}))).toThrow(/field "constructor"/);
  });
});
