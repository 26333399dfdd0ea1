import { defineArea } from './define.js';

export const pupilsArea = defineArea('pupils', {});
