import { defineArea } from './define.js';

export const towerGameArea = defineArea('tower-game', {
  'tower-sessions progress': {
    route: 'GET users/me/progress/tower_game/spelling',
    role: 'user',
    summary: 'Show your spelling tower game progress',
  },
  'tower-sessions start': {
    route: 'POST tower_game/spelling/gamesession',
    role: 'user',
    summary: 'Start a spelling tower game session on a map',
    payload: { mapIdent: 'string' },
    open: true,
  },
  'tower-sessions chest-word': {
    route: 'POST tower_game/spelling/gamesession/{id}/chest_word',
    role: 'user',
    summary: 'Get the word for a treasure chest in a tower game session',
    open: true,
  },
  'tower-sessions submit-round-word': {
    route: 'POST tower_game/spelling/gamesession/{id}/submit_end_of_round_word',
    role: 'user',
    summary: 'Submit the end-of-round word in a tower game session',
    open: true,
  },
  'tower-sessions submit-chest-word': {
    route: 'POST tower_game/spelling/gamesession/{id}/submit_chest_word',
    role: 'user',
    summary: 'Submit the spelling of a treasure chest word in a tower game session',
    open: true,
  },
  'tower-sessions finish': {
    route: 'POST tower_game/spelling/gamesession/{id}/finished',
    role: 'user',
    summary: 'Finish a spelling tower game session',
    open: true,
  },
});
