import { defineArea } from './define.js';

export const towerGameArea = defineArea('tower-game', {});
