import { defineArea } from './define.js';

export const notesArea = defineArea('notes', {});
