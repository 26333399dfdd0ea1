import { defineArea } from './define.js';

export const rosteringArea = defineArea('rostering', {});
