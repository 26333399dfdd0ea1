/** Game families homework can set; each has its own data and sessions reports. */
export const HOMEWORK_GAMES = ['spelling', 'number', 'grammar', 'quiz', 'phonics', 'lesson'] as const;
export type HomeworkGame = (typeof HOMEWORK_GAMES)[number];
