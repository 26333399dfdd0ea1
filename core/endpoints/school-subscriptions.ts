import { defineArea } from './define.js';

export const schoolSubscriptionsArea = defineArea('school-subscriptions', {});
