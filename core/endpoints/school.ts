import { defineArea } from './define.js';

export const schoolArea = defineArea('school', {});
