import { defineArea } from './define.js';

export const rewardsArea = defineArea('rewards', {});
