import { defineArea } from './define.js';

export const quizSessionsArea = defineArea('quiz-sessions', {});
