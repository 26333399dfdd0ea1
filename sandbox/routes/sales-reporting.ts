/** The sales-reporting area: engagement previews and snapshots, sales reports, retention events, sales people. */
import { engagementHandlers } from './sales-reporting/engagement.js';
import { salesHandlers } from './sales-reporting/sales.js';
import { defineRoutes } from './areas.js';

export const salesReportingHandlers = defineRoutes('sales-reporting', { ...engagementHandlers, ...salesHandlers });
