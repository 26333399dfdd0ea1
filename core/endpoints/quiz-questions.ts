import { defineArea } from './define.js';

export const quizQuestionsArea = defineArea('quiz-questions', {});
