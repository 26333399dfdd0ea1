import { defineArea } from './define.js';

export const questionSetsArea = defineArea('question-sets', {});
