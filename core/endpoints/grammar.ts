import { defineArea } from './define.js';

export const grammarArea = defineArea('grammar', {});
