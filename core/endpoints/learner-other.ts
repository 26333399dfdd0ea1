import { defineArea } from './define.js';

export const learnerOtherArea = defineArea('learner-other', {});
