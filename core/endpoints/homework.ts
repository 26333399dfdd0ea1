import { defineArea } from './define.js';

export const homeworkArea = defineArea('homework', {});
