import { defineArea } from './define.js';

export const storeArea = defineArea('store', {});
