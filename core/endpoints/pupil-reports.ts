import { defineArea } from './define.js';

export const pupilReportsArea = defineArea('pupil-reports', {});
