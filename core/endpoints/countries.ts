import { defineArea } from './define.js';

export const countriesArea = defineArea('countries', {});
