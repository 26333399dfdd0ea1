import { defineArea } from './define.js';

/** The period a sales report covers (the twelve months to today when not given) and its currency. */
export const SALES_PERIOD = { from: 'day?', to: 'day?', currency: 'string?' } as const;

const SNAPSHOT_NOTE = 'Path inferred: the spec lists "engagement snapshots: POST, GET, GET {id}, /data, /download, DELETE" without a base path.';
const SALES_PEOPLE_NOTE = 'Path inferred: the spec says "sales people: GET, POST, PATCH, DELETE" without a path.';

export const salesReportingArea = defineArea('sales-reporting', {
  'snapshots preview': {
    route: 'POST superuser/sales/reports/engagement/preview',
    role: 'superuser',
    summary: 'Preview the engagement report a snapshot would capture',
    payload: { start: 'day?', end: 'day?', school_ids: 'ids?', take: 'take?' },
    open: true,
    idempotent: true,
  },
  'snapshots create': {
    route: 'POST superuser/sales/reports/engagement/snapshots',
    role: 'superuser',
    summary: 'Take an engagement snapshot for a date range',
    payload: { start: 'day', end: 'day' },
    note: SNAPSHOT_NOTE,
  },
  'snapshots list': {
    route: 'GET superuser/sales/reports/engagement/snapshots',
    role: 'superuser',
    summary: 'List engagement snapshots',
    payload: { skip: 'skip?', take: 'take?' },
    open: true,
    note: SNAPSHOT_NOTE,
  },
  'snapshots show': {
    route: 'GET superuser/sales/reports/engagement/snapshots/{id}',
    role: 'superuser',
    summary: 'Show one engagement snapshot',
    note: SNAPSHOT_NOTE,
  },
  'snapshots data': {
    route: 'GET superuser/sales/reports/engagement/snapshots/{id}/data',
    role: 'superuser',
    summary: 'Show the rows of an engagement snapshot',
    payload: { skip: 'skip?', take: 'take?' },
    open: true,
    note: SNAPSHOT_NOTE,
  },
  'snapshots download': {
    route: 'GET superuser/sales/reports/engagement/snapshots/{id}/download',
    role: 'superuser',
    summary: 'Download an engagement snapshot as a file',
    note: SNAPSHOT_NOTE,
  },
  'snapshots delete': {
    route: 'DELETE superuser/sales/reports/engagement/snapshots/{id}',
    role: 'superuser',
    summary: 'Delete an engagement snapshot',
    destructive: true,
    note: SNAPSHOT_NOTE,
  },
  'sales totals': {
    route: 'GET salestotals',
    role: 'employee',
    summary: 'Show sales totals',
    payload: SALES_PERIOD,
    open: true,
  },
  'sales info': {
    route: 'GET salesinfo',
    role: 'employee',
    summary: 'Show sales information',
    payload: SALES_PERIOD,
    open: true,
  },
  'sales headlines': {
    route: 'GET sales/reports/headlines',
    role: 'employee',
    summary: 'Show the headline sales figures',
    payload: SALES_PERIOD,
    open: true,
  },
  'retentions list': {
    route: 'GET retentions',
    role: 'employee',
    summary: 'Show subscription retention figures',
    payload: SALES_PERIOD,
    open: true,
  },
  'retention-events list': {
    route: 'GET retentions/events',
    role: 'employee',
    summary: 'List retention events (renewals and losses of subscriptions)',
    payload: { skip: 'skip?', take: 'take?', status: 'string?', type: 'string?', sales_person_id: 'serial?' },
    open: true,
  },
  'sales by-type': {
    route: 'GET salesByType',
    role: 'employee',
    summary: 'Show sales broken down by type',
    payload: SALES_PERIOD,
    open: true,
  },
  'sales by-person': {
    route: 'GET salesByPerson',
    role: 'employee',
    summary: 'Show sales broken down by sales person',
    payload: SALES_PERIOD,
    open: true,
  },
  'sales by-dept': {
    route: 'GET salesByDept',
    role: 'employee',
    summary: 'Show sales broken down by department',
    payload: SALES_PERIOD,
    open: true,
  },
  'retention-events update': {
    route: 'PATCH retentions/events/{id}',
    role: 'employee',
    summary: 'Update a retention event',
    payload: { status: { oneOf: ['open', 'contacted', 'won', 'lost'], optional: true }, note: { kind: 'string', max: 2000, optional: true }, sales_person_id: { kind: 'serial', nullable: true, optional: true } },
    open: true,
  },
  'sales-people list': {
    route: 'GET superuser/salespeople',
    role: 'superuser',
    summary: 'List sales people',
    note: SALES_PEOPLE_NOTE,
  },
  'sales-people create': {
    route: 'POST superuser/salespeople',
    role: 'superuser',
    summary: 'Add a sales person, active (1) or inactive (0)',
    payload: { name: { kind: 'text', min: 1, max: 120 }, is_active: 'flag?' },
    note: SALES_PEOPLE_NOTE,
  },
  'sales-people update': {
    route: 'PATCH superuser/salespeople/{id}',
    role: 'superuser',
    summary: "Rename a sales person or set them active (1) or inactive (0)",
    payload: { name: { kind: 'text', min: 1, max: 120, optional: true }, is_active: 'flag?' },
    idempotent: true,
    note: SALES_PEOPLE_NOTE,
  },
  'sales-people delete': {
    route: 'DELETE superuser/salespeople/{id}',
    role: 'superuser',
    summary: 'Delete a sales person',
    destructive: true,
    note: SALES_PEOPLE_NOTE,
  },
});
