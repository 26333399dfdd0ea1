import { defineArea } from './define.js';

export const listsArea = defineArea('lists', {});
