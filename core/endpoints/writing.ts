import { defineArea } from './define.js';

export const writingArea = defineArea('writing', {});
