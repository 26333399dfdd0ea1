import { defineArea } from './define.js';

export const spellingSessionsArea = defineArea('spelling-sessions', {});
