import { defineArea } from './define.js';

export const numberArea = defineArea('number', {});
