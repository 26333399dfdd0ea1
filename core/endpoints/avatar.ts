import { defineArea } from './define.js';

export const avatarArea = defineArea('avatar', {});
