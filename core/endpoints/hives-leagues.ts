import { defineArea } from './define.js';

export const hivesLeaguesArea = defineArea('hives-leagues', {});
