import { defineArea } from './define.js';

export const subscriptionCatalogueArea = defineArea('subscription-catalogue', {});
