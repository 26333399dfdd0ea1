import { defineArea } from './define.js';

export const groupsArea = defineArea('groups', {});
