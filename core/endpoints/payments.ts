import { defineArea } from './define.js';

export const paymentsArea = defineArea('payments', {});
