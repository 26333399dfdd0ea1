import { defineArea } from './define.js';

export const deletedUsersArea = defineArea('deleted-users', {});
