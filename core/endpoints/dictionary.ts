import { defineArea } from './define.js';

export const dictionaryArea = defineArea('dictionary', {});
