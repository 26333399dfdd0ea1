/** Game families homework can set; each has its own data and sessions reports. */
export const HOMEWORK_GAMES = ['spelling', 'number', 'grammar', 'quiz', 'phonics', 'lesson'] as const;
export type HomeworkGame = (typeof HOMEWORK_GAMES)[number];

/** What a league or challenge scores: sessions of one product's games. */
export const LEAGUE_PRODUCTS = ['spelling', 'number', 'quiz'] as const;
export type LeagueProduct = (typeof LEAGUE_PRODUCTS)[number];
