import { defineArea } from './define.js';

export const superuserBillingArea = defineArea('superuser-billing', {});
