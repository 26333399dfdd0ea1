import { defineArea } from './define.js';
import { RECORD } from '../shapes/record.js';

// Replies: the spec names a response key only where an entry has `response`; every other `reply` below is
// our choice, what the sandbox answers (see `reply` in define.ts).
export const towerGameArea = defineArea('tower-game', {
  'tower-sessions progress': {
    route: 'GET users/me/progress/tower_game/spelling',
    reply: { spelling: [RECORD], total: 'int' },
    role: 'user',
    summary: 'Show your spelling tower game progress',
  },
  'tower-sessions start': {
    route: 'POST tower_game/spelling/gamesession',
    reply: { gamesession: RECORD },
    role: 'user',
    summary: 'Start a spelling tower game session on a map',
    payload: { mapIdent: 'string' },
    open: true,
  },
  'tower-sessions chest-word': {
    route: 'POST tower_game/spelling/gamesession/{id}/chest_word',
    reply: { gamesession: RECORD },
    role: 'user',
    summary: 'Get the word for a treasure chest in a tower game session',
    open: true,
  },
  'tower-sessions submit-round-word': {
    route: 'POST tower_game/spelling/gamesession/{id}/submit_end_of_round_word',
    reply: { gamesession: RECORD },
    role: 'user',
    summary: 'Submit the end-of-round word in a tower game session',
    open: true,
  },
  'tower-sessions submit-chest-word': {
    route: 'POST tower_game/spelling/gamesession/{id}/submit_chest_word',
    reply: { gamesession: RECORD },
    role: 'user',
    summary: 'Submit the spelling of a treasure chest word in a tower game session',
    open: true,
  },
  'tower-sessions finish': {
    route: 'POST tower_game/spelling/gamesession/{id}/finished',
    reply: { gamesession: RECORD },
    role: 'user',
    summary: 'Finish a spelling tower game session',
    open: true,
  },
});
