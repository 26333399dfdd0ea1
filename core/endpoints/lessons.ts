import { defineArea } from './define.js';

export const lessonsArea = defineArea('lessons', {});
