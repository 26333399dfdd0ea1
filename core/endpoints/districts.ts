import { defineArea } from './define.js';

export const districtsArea = defineArea('districts', {});
