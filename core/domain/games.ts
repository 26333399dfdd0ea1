/** Game families homework can set; each has its own data and sessions reports. */
export const HOMEWORK_GAMES = ['spelling', 'number', 'grammar', 'quiz', 'phonics', 'lesson'] as const;
export type HomeworkGame = (typeof HOMEWORK_GAMES)[number];

/** What a league or challenge scores: sessions of one product's games. */
export const LEAGUE_PRODUCTS = ['spelling', 'number', 'quiz'] as const;
export type LeagueProduct = (typeof LEAGUE_PRODUCTS)[number];

/** A league is a class's own (`custom`) or a challenge between groups or pupils. */
export const LEAGUE_KINDS = ['custom', 'challenge'] as const;

/** A hive (a live multiplayer game) waits for players, runs, then is finished. */
export const HIVE_STATUSES = ['waiting', 'running', 'finished'] as const;

/** Where reward points came from: a teacher's award, an anonymous game, or earnings converted. */
export const REWARD_SOURCES = ['teacher', 'anonymous', 'earnings'] as const;

/** Where a league stands on the clock: before its start, between its dates, or after its end. */
export const LEAGUE_STATES = ['upcoming', 'running', 'ended'] as const;
