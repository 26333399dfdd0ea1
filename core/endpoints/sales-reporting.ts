import { defineArea } from './define.js';
import { inline, nullable } from '../shapes/define.js';
import { ENGAGEMENT_ROW, SNAPSHOT } from '../shapes/system.js';
import { RETENTION_EVENT, SALES_PERSON } from '../shapes/sales.js';

/** The period a sales report covers (the twelve months to today when not given) and its currency. */
export const SALES_PERIOD = { from: 'day?', to: 'day?', currency: 'string?' } as const;

const SNAPSHOT_NOTE =
  'Path inferred: the spec lists "engagement snapshots: POST, GET, GET {id}, /data, /download, DELETE" without a base path.';
const SALES_PEOPLE_NOTE = 'Path inferred: the spec says "sales people: GET, POST, PATCH, DELETE" without a path.';

// Replies: the spec names a response key only where an entry has `response`; every other `reply` below is
// our choice, what the sandbox answers (see `reply` in define.ts).
export const salesReportingArea = defineArea('sales-reporting', {
  'snapshots preview': {
    route: 'POST superuser/sales/reports/engagement/preview',
    reply: { preview: [ENGAGEMENT_ROW], start: 'day', end: 'day' },
    role: 'superuser',
    summary: 'Preview the engagement report a snapshot would capture',
    payload: { start: 'day?', end: 'day?', school_ids: 'ids?', take: 'take?' },
    open: true,
    idempotent: true,
  },
  'snapshots create': {
    route: 'POST superuser/sales/reports/engagement/snapshots',
    reply: { snapshot: SNAPSHOT },
    role: 'superuser',
    summary: 'Take an engagement snapshot for a date range',
    payload: { start: 'day', end: 'day' },
    note: SNAPSHOT_NOTE,
  },
  'snapshots list': {
    route: 'GET superuser/sales/reports/engagement/snapshots',
    reply: { snapshots: [SNAPSHOT], total: 'int' },
    role: 'superuser',
    summary: 'List engagement snapshots',
    payload: { skip: 'skip?', take: 'take?' },
    open: true,
    note: SNAPSHOT_NOTE,
  },
  'snapshots show': {
    route: 'GET superuser/sales/reports/engagement/snapshots/{id}',
    reply: { snapshot: SNAPSHOT },
    role: 'superuser',
    summary: 'Show one engagement snapshot',
    note: SNAPSHOT_NOTE,
  },
  'snapshots data': {
    route: 'GET superuser/sales/reports/engagement/snapshots/{id}/data',
    reply: { data: [ENGAGEMENT_ROW], total: 'int' },
    role: 'superuser',
    summary: 'Show the rows of an engagement snapshot',
    payload: { skip: 'skip?', take: 'take?' },
    open: true,
    note: SNAPSHOT_NOTE,
  },
  'snapshots download': {
    route: 'GET superuser/sales/reports/engagement/snapshots/{id}/download',
    reply: { download: inline({ filename: 'string', content_type: 'string', rows: 'int', content: 'string' }) },
    role: 'superuser',
    summary: 'Download an engagement snapshot as a file',
    note: SNAPSHOT_NOTE,
  },
  'snapshots delete': {
    route: 'DELETE superuser/sales/reports/engagement/snapshots/{id}',
    reply: { deleted: 'boolean', id: 'serial' },
    role: 'superuser',
    summary: 'Delete an engagement snapshot',
    destructive: true,
    note: SNAPSHOT_NOTE,
  },
  'sales totals': {
    route: 'GET salestotals',
    reply: {
      totals: inline({
        from: 'day',
        to: 'day',
        by_currency: 'object',
        gbp: inline({ invoiced: 'int', paid: 'int', outstanding: 'int', overdue: 'int', refunded: 'int' }),
      }),
    },
    role: 'employee',
    summary: 'Show sales totals',
    payload: SALES_PERIOD,
    open: true,
  },
  'sales info': {
    route: 'GET salesinfo',
    reply: {
      info: inline({
        from: 'day',
        to: 'day',
        schools_subscribed: 'int',
        subscriptions_by_state: inline({
          active: 'int',
          cancelled: 'int',
          cancelling: 'int',
          deactivated: 'int',
          expired: 'int',
          future: 'int',
          pending: 'int',
          trial: 'int',
        }),
        subscriptions_by_kind: inline({
          backdated: 'int',
          free: 'int',
          freemium: 'int',
          full: 'int',
          future: 'int',
          multi_year: 'int',
          prepaid: 'int',
          trial: 'int',
        }),
        new_in_period: 'int',
        cancelled_in_period: 'int',
        seats: 'int',
      }),
    },
    role: 'employee',
    summary: 'Show sales information',
    payload: SALES_PERIOD,
    open: true,
  },
  'sales headlines': {
    route: 'GET sales/reports/headlines',
    reply: {
      headlines: inline({
        period: inline({ from: 'day', to: 'day' }),
        previous: inline({ from: 'day', to: 'day' }),
        current: inline({ revenue_gbp: 'int', new_subscriptions: 'int', trials: 'int', cancellations: 'int' }),
        before: inline({ revenue_gbp: 'int', new_subscriptions: 'int', trials: 'int', cancellations: 'int' }),
        change_percent: inline({
          revenue_gbp: nullable('number'),
          new_subscriptions: nullable('number'),
          trials: nullable('number'),
          cancellations: nullable('number'),
        }),
      }),
    },
    role: 'employee',
    summary: 'Show the headline sales figures',
    payload: SALES_PERIOD,
    open: true,
  },
  'retentions list': {
    route: 'GET retentions',
    reply: {
      retentions: inline({
        from: 'day',
        to: 'day',
        due: 'int',
        renewed: 'int',
        lapsed: 'int',
        rate: nullable('number'),
        by_product: [
          inline({
            product_id: 'serial',
            product: 'string',
            due: 'int',
            renewed: 'int',
            lapsed: 'int',
            rate: nullable('number'),
          }),
        ],
      }),
    },
    role: 'employee',
    summary: 'Show subscription retention figures',
    payload: SALES_PERIOD,
    open: true,
  },
  'retention-events list': {
    route: 'GET retentions/events',
    reply: { events: [RETENTION_EVENT], total: 'int' },
    role: 'employee',
    summary: 'List retention events (renewals and losses of subscriptions)',
    payload: { skip: 'skip?', take: 'take?', status: 'string?', type: 'string?', sales_person_id: 'serial?' },
    open: true,
  },
  'sales by-type': {
    route: 'GET salesByType',
    reply: { sales: [inline({ key: 'string', label: 'string', by_currency: 'object', count: 'int', gbp: 'int' })] },
    role: 'employee',
    summary: 'Show sales broken down by type',
    payload: SALES_PERIOD,
    open: true,
  },
  'sales by-person': {
    route: 'GET salesByPerson',
    reply: {
      sales: [
        inline({
          key: { kind: 'int', nullable: true },
          label: 'string',
          by_currency: 'object',
          count: 'int',
          gbp: 'int',
        }),
      ],
    },
    role: 'employee',
    summary: 'Show sales broken down by sales person',
    payload: SALES_PERIOD,
    open: true,
  },
  'sales by-dept': {
    route: 'GET salesByDept',
    reply: {
      sales: [
        inline({
          key: { kind: 'string', nullable: true },
          label: 'string',
          by_currency: 'object',
          count: 'int',
          gbp: 'int',
        }),
      ],
    },
    role: 'employee',
    summary: 'Show sales broken down by department',
    payload: SALES_PERIOD,
    open: true,
  },
  'retention-events update': {
    route: 'PATCH retentions/events/{id}',
    reply: { event: RETENTION_EVENT },
    role: 'employee',
    summary: 'Update a retention event',
    payload: {
      status: { oneOf: ['open', 'contacted', 'won', 'lost'], optional: true },
      note: { kind: 'string', max: 2000, optional: true },
      sales_person_id: { kind: 'serial', nullable: true, optional: true },
    },
    open: true,
  },
  'sales-people list': {
    route: 'GET superuser/salespeople',
    reply: { salespeople: [SALES_PERSON], total: 'int' },
    role: 'superuser',
    summary: 'List sales people',
    note: SALES_PEOPLE_NOTE,
  },
  'sales-people create': {
    route: 'POST superuser/salespeople',
    reply: { salesperson: SALES_PERSON },
    role: 'superuser',
    summary: 'Add a sales person, active (1) or inactive (0)',
    payload: { name: { kind: 'text', min: 1, max: 120 }, is_active: 'flag?' },
    note: SALES_PEOPLE_NOTE,
  },
  'sales-people update': {
    route: 'PATCH superuser/salespeople/{id}',
    reply: { salesperson: SALES_PERSON },
    role: 'superuser',
    summary: 'Rename a sales person or set them active (1) or inactive (0)',
    payload: { name: { kind: 'text', min: 1, max: 120, optional: true }, is_active: 'flag?' },
    idempotent: true,
    note: SALES_PEOPLE_NOTE,
  },
  'sales-people delete': {
    route: 'DELETE superuser/salespeople/{id}',
    reply: { deleted: 'boolean', id: 'serial' },
    role: 'superuser',
    summary: 'Delete a sales person',
    destructive: true,
    note: SALES_PEOPLE_NOTE,
  },
});
