import { defineArea } from './define.js';

export const systemArea = defineArea('system', {});
