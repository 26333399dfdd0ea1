/** What sales staff work with: sales people, retention events, districts. */
import { RETENTION_EVENT_STATUSES, RETENTION_EVENT_TYPES } from '../domain/billing.js';
import { defineShape, nullable } from './define.js';
import { SCHOOL_NAME } from './school.js';

/** A sales person sales are attributed to (`is_active` 0 once they left); the list counts their invoices. */
export const SALES_PERSON = defineShape(
  'sales_person',
  { id: 'serial', name: 'string', is_active: 'flag', created_at: 'date', updated_at: 'date', invoices: 'int?' },
  { summary: 'A sales person', columns: ['id', 'name', 'is_active', 'invoices'] },
);

/** A retention event (a renewal due, a cancellation, a lapse) and how sales followed it up. */
export const RETENTION_EVENT = defineShape(
  'retention_event',
  {
    id: 'serial',
    subscription_id: 'serial',
    school_id: 'serial',
    type: { oneOf: RETENTION_EVENT_TYPES },
    status: { oneOf: RETENTION_EVENT_STATUSES },
    note: 'string',
    sales_person_id: nullable('serial'),
    due_at: 'day',
    created_at: 'date',
    updated_at: 'date',
    school_name: 'string?',
  },
  { summary: 'A retention event and its follow-up', columns: ['id', 'school_id', 'type', 'status', 'due_at'] },
);

/** A district and the schools in it. */
export const DISTRICT = defineShape(
  'district',
  { id: 'serial', name: 'string', created_at: 'date', schools: [SCHOOL_NAME], school_count: 'int' },
  { summary: 'A district and its schools', columns: ['id', 'name', 'school_count'] },
);
