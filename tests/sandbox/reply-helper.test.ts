/** The reply helpers every handler answers through (sandbox/kit/reply.ts, response-key.ts). */
import { describe, expect, it } from 'vitest';
import { refusal } from '../../sandbox/kit/reply.js';
import { wrapResponse } from '../../sandbox/kit/response-key.js';
import { DomainError } from '../../sandbox/domain/errors.js';

describe('wrapResponse', () => {
  it('puts the value under the key the handler names when the table names none', () => {
    expect(wrapResponse({}, 'invoice', { id: 4 }, { changed: true })).toEqual({ invoice: { id: 4 }, changed: true });
  });

  it("uses the table's response key, nesting a dotted one", () => {
    expect(wrapResponse({ response: 'resources.items' }, 'items', [1], { total: 1 })).toEqual({
      resources: { items: [1], total: 1 },
    });
    expect(wrapResponse({ response: 'valid' }, 'result', true)).toEqual({ valid: true });
  });

  it('of a comma list (one key or the other), uses the one the handler names, else the first', () => {
    expect(wrapResponse({ response: 'success,intent' }, 'intent', { id: 'seti_1' })).toEqual({
      intent: { id: 'seti_1' },
    });
    expect(wrapResponse({ response: 'displayName,displayNames' }, 'displayNames', ['Ada'])).toEqual({
      displayNames: ['Ada'],
    });
    expect(wrapResponse({ response: 'success,intent' }, 'other', true)).toEqual({ success: true });
  });

  it('keeps the value first, then its siblings, in order', () => {
    expect(Object.keys(wrapResponse({}, 'pupils', [], { total: 0, summary: {} }))).toEqual([
      'pupils',
      'total',
      'summary',
    ]);
  });
});

describe('refusal', () => {
  it("answers a domain refusal in the platform's error shape with its kind's status", () => {
    expect(refusal(new DomainError('unauthorised', 'Incorrect login details', { attempts_remaining: 9 }))).toEqual({
      status: 401,
      body: { error: 'Unauthorised', message: 'Incorrect login details', attempts_remaining: 9 },
    });
    expect(refusal(new DomainError('forbidden', 'Locked'))).toEqual({
      status: 403,
      body: { error: 'Forbidden', message: 'Locked' },
    });
    expect(refusal(new DomainError('conflict', 'Plan 3 is retired'))).toEqual({
      status: 409,
      body: { error: 'Conflict', message: 'Plan 3 is retired' },
    });
  });
});
