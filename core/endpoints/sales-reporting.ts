import { defineArea } from './define.js';

export const salesReportingArea = defineArea('sales-reporting', {});
