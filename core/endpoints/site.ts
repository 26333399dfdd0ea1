import { defineArea } from './define.js';

export const siteArea = defineArea('site', {});
