import { describe, expect, it } from 'vitest';
import { classify, errorMessage, readEnvelope } from '../../../core/api/classify.js';
import {
  ApiError,
  ForbiddenError,
  InvalidDataError,
  LoginAttemptsError,
  NetworkError,
  NotInitialisedError,
  RateLimitedError,
  ReverificationRequiredError,
  UnauthorisedError,
} from '../../../core/api/index.js';
import { errorCode, toNetworkError } from '../../../core/api/network.js';
import type { RateLimitInfo } from '../../../core/api/rate-limit.js';

const noLimit: RateLimitInfo = { remaining: undefined, resetAt: undefined, retryAfterMs: undefined, waitMs: undefined };

function classified(status: number, data: unknown, rateLimit: RateLimitInfo = noLimit): ApiError | undefined {
  return classify({
    status,
    ok: status >= 200 && status < 300,
    data,
    rateLimit,
    details: { method: 'GET', url: 'http://x/' },
    retryAllowed: true,
  })?.error;
}

describe('error classes', () => {
  it('form one hierarchy under ApiError, each with its own name', () => {
    const cases: [ApiError, string][] = [
      [new UnauthorisedError('x'), 'UnauthorisedError'],
      [new ForbiddenError('x'), 'ForbiddenError'],
      [new ReverificationRequiredError('x'), 'ReverificationRequiredError'],
      [new InvalidDataError(), 'InvalidDataError'],
      [new RateLimitedError(undefined), 'RateLimitedError'],
      [new LoginAttemptsError('x'), 'LoginAttemptsError'],
      [new NetworkError('x'), 'NetworkError'],
    ];
    for (const [error, name] of cases) {
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe(name);
    }
    expect(new ReverificationRequiredError('x')).toBeInstanceOf(ForbiddenError);
    expect(new NotInitialisedError()).not.toBeInstanceOf(ApiError);
  });

  it('carry fixed messages where the spec gives them', () => {
    expect(new InvalidDataError().message).toBe('Failed - Invalid data');
    expect(new RateLimitedError(undefined).message).toBe('Too many requests. Try again later.');
    expect(new RateLimitedError('Slow down').message).toBe('Slow down');
    expect(new ReverificationRequiredError('Please log in again').message).toBe('Password requires reverification');
    expect(new NotInitialisedError().message).toBe('API client has not been initialised');
  });

  it('serialise to JSON with their details, and keep the cause', () => {
    const cause = new Error('socket');
    const error = new NetworkError('Network error', {
      method: 'POST',
      url: 'http://x/',
      outcomeUnknown: true,
      attempts: 2,
      cause,
    });
    expect(error.cause).toBe(cause);
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({
      name: 'NetworkError',
      method: 'POST',
      outcomeUnknown: true,
      attempts: 2,
      retryable: false,
    });
    const limited = new RateLimitedError(undefined, { resetAt: new Date(Date.UTC(2026, 0, 1)), retryAfterMs: 1000 });
    expect(limited.toJSON()).toMatchObject({ resetAt: '2026-01-01T00:00:00.000Z', retryAfterMs: 1000 });
  });

  it('normalise field errors from a list as well as a map', () => {
    const error = new InvalidDataError({
      data: {
        errors: [{ field: 'name', message: 'required' }, { path: ['pupils', 0, 'year'], message: 'too big' }, 'junk'],
      },
    });
    expect(error.fieldErrors).toEqual({ name: ['required'], 'pupils.0.year': ['too big'] });
    expect(new InvalidDataError({ data: 'not an object' }).fieldErrors).toEqual({});
  });
});

describe('classify', () => {
  it('passes a 2xx without an error field, and fails a 2xx with one', () => {
    expect(classified(200, { ok: true })).toBeUndefined();
    expect(classified(200, { error: null, data: 1 })).toBeUndefined();
    expect(classified(200, { error: '' })).toBeUndefined();
    expect(classified(200, { error: 'Bad' })?.message).toBe('Bad');
  });

  it('composes error: message, or either alone, or names the status', () => {
    expect(errorMessage(readEnvelope({ error: 'E', message: 'M' }), 400)).toBe('E: M');
    expect(errorMessage(readEnvelope({ message: 'M' }), 400)).toBe('M');
    expect(errorMessage(readEnvelope('<html>Bad gateway</html>'), 502)).toBe('Request failed with status 502');
    expect(errorMessage(readEnvelope({ error: { nested: true }, message: 42 }), 500)).toBe(
      'Request failed with status 500',
    );
  });

  it('reads attempts remaining from the body before the rate-limit header', () => {
    const limit = { ...noLimit, remaining: 7 };
    expect(classified(400, { error: 'x', attempts_remaining: 2 }, limit)?.attemptsRemaining).toBe(2);
    expect(classified(400, { error: 'x', attemptsRemaining: '3' }, limit)?.attemptsRemaining).toBe(3);
    expect(classified(400, { error: 'x' }, limit)?.attemptsRemaining).toBe(7);
  });

  it('puts 429 before a login message, and a login message before remaining 0', () => {
    expect(classified(429, { error: 'Incorrect login details' })).toBeInstanceOf(RateLimitedError);
    const locked = classified(401, { error: 'Incorrect login details' }, { ...noLimit, remaining: 0 });
    expect(locked).toBeInstanceOf(LoginAttemptsError);
    expect(locked?.attemptsRemaining).toBe(0);
    expect(classified(404, { error: 'Not found' }, { ...noLimit, remaining: 0 })).toBeInstanceOf(RateLimitedError);
  });

  it('maps 401, 403, 422 and others, marking only 408/429/5xx as retryable', () => {
    expect(classified(401, {})).toBeInstanceOf(UnauthorisedError);
    expect(classified(403, { message: 'No' })).toBeInstanceOf(ForbiddenError);
    expect(classified(403, { message: 'Password requires reverification' })).toBeInstanceOf(
      ReverificationRequiredError,
    );
    expect(classified(422, {})).toBeInstanceOf(InvalidDataError);
    expect(classified(404, {})?.constructor).toBe(ApiError);
    expect([408, 429, 500, 503, 400, 404].map((s) => classified(s, {})?.retryable)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('network errors', () => {
  it('find the code along the cause chain', () => {
    const inner = Object.assign(new Error('refused'), { code: 'ECONNREFUSED' });
    expect(errorCode(new TypeError('fetch failed', { cause: inner }))).toBe('ECONNREFUSED');
    expect(errorCode(new Error('plain'))).toBeUndefined();
  });

  it('know a write was not sent only when the connection was never made', () => {
    const withCode = (code: string) =>
      new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });
    const facts = { write: true, retryAllowed: false, details: {} };
    expect(toNetworkError(withCode('ECONNREFUSED'), facts).outcomeUnknown).toBe(false);
    expect(toNetworkError(withCode('ENOTFOUND'), facts).outcomeUnknown).toBe(false);
    expect(toNetworkError(withCode('ECONNRESET'), facts).outcomeUnknown).toBe(true);
    expect(toNetworkError(new TypeError('Failed to fetch'), facts).outcomeUnknown).toBe(true);
    expect(toNetworkError(withCode('ECONNRESET'), { ...facts, write: false }).outcomeUnknown).toBe(false);
  });
});
