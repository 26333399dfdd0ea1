import { defineArea } from './define.js';

export const authArea = defineArea('auth', {});
