/** Business constants and limits (O §4, §9; L §9; A §9). */

/** Session token cookie lifetime: 90 days. */
export const SESSION_COOKIE_MAX_AGE_MS = 7_776_000_000;
export const LOCALE_COOKIE_MAX_AGE_DAYS = 365;
export const LOCALE_COOKIE_MAX_AGE_MS = LOCALE_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;
export const DEFAULT_COUNTRY = 'GB';

export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_FOCUS_DELAY_MS = 100;
export const PAGE_SIZE = 10;
/** The largest page (`take`) a list call may ask for. */
export const MAX_TAKE = 1000;

export const AVATAR_REQUEST_DELAY_MS = 500;
export const CHUNK_RELOAD_THROTTLE_MS = 60_000;
export const PROGRESS_BAR_THROTTLE_MS = 200;
export const PROGRESS_BAR_DURATION_MS = 5_000;
export const BREAKPOINTS = { tablet: 768, desktop: 1024, menuTap: 1023 } as const;

export const ELLIPSIS_DEFAULT_LENGTH = 50;

/** A free-play spelling game session (L §7, §9). */
export const FREE_PLAY_SPELLING = { difficulty: 4, gameType: 'spelling', freeplay: true } as const;

/** The `move` flag when adding pupils to a group (A §3, §9). */
export const PUPIL_MOVE_FLAG = { assign: 0, move: 1 } as const;
/** Most pupils one call may create, generate or update (the sandbox's limit; the spec gives none). */
export const MAX_PUPIL_BATCH = 500;
/** Spelling stages run 1-7 and number stages 1-6; a new school year moves pupils up one, stopping at the top. */
export const MAX_SPELLING_STAGE = 7;
export const MAX_NUMBER_STAGE = 6;
/** Deleting every pupil sends this instead of ids (A §9). */
export const ALL_PUPILS_WILDCARD = '*';
