import { defineArea } from './define.js';

export const vatArea = defineArea('vat', {});
