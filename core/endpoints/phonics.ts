import { defineArea } from './define.js';

export const phonicsArea = defineArea('phonics', {});
