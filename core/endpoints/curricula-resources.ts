import { defineArea } from './define.js';

export const curriculaResourcesArea = defineArea('curricula-resources', {});
