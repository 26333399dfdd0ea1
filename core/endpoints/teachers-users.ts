import { defineArea } from './define.js';

export const teachersUsersArea = defineArea('teachers-users', {});
