import { describe, expect, it } from 'vitest';
import * as constants from '../../../core/domain/constants.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('business constants', () => {
  it('keeps the session cookie for 90 days and the locale cookie for 365', () => {
    expect(constants.SESSION_COOKIE_MAX_AGE_MS).toBe(7_776_000_000);
    expect(constants.SESSION_COOKIE_MAX_AGE_MS).toBe(90 * DAY_MS);
    expect(constants.LOCALE_COOKIE_MAX_AGE_MS).toBe(365 * DAY_MS);
  });

  it('has the timing and paging values of O §9', () => {
    expect(constants.SEARCH_DEBOUNCE_MS).toBe(500);
    expect(constants.SEARCH_FOCUS_DELAY_MS).toBe(100);
    expect(constants.PAGE_SIZE).toBe(10);
    expect(constants.AVATAR_REQUEST_DELAY_MS).toBe(500);
    expect(constants.CHUNK_RELOAD_THROTTLE_MS).toBe(60_000);
    expect(constants.ELLIPSIS_DEFAULT_LENGTH).toBe(50);
    expect(constants.DEFAULT_COUNTRY).toBe('GB');
  });

  it('plays free spelling at difficulty 4 and moves pupils with flag 1', () => {
    expect(constants.FREE_PLAY_SPELLING).toEqual({ difficulty: 4, gameType: 'spelling', freeplay: true });
    expect(constants.PUPIL_MOVE_FLAG).toEqual({ assign: 0, move: 1 });
  });
});
