/** The sales-reporting area: engagement previews and snapshots, sales reports, retention events, sales people. */
import type { PartialHandlerMap } from '../kit/handler.js';
import { engagementHandlers } from './billing/engagement.js';
import { salesHandlers } from './billing/sales.js';

export const salesReportingHandlers = { ...engagementHandlers, ...salesHandlers } satisfies PartialHandlerMap;
