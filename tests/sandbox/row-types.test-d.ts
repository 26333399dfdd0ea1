/**
 * Type-level proof that the row types of sandbox/db/rows.ts derive from their column maps: each
 * column answers SQLite's value (INTEGER and REAL as numbers, TEXT as strings, NULL only where the column
 * takes it), a closed set where declared, and nothing outside the table's columns. Checked by `tsc --noEmit`.
 */
import { expectTypeOf } from 'vitest';
import type { InvoiceState, PaymentMethod } from '../../core/domain/billing.js';
import type { Row, Table } from '../../sandbox/db/rows.js';

expectTypeOf<Row<'invoices'>['id']>().toEqualTypeOf<number>();
expectTypeOf<Row<'invoices'>['forex_rate']>().toEqualTypeOf<number | null>();
expectTypeOf<Row<'invoices'>['description']>().toEqualTypeOf<string>();
expectTypeOf<Row<'invoices'>['accounting_id']>().toEqualTypeOf<string | null>();
expectTypeOf<Row<'invoices'>['state']>().toEqualTypeOf<InvoiceState>();
expectTypeOf<Row<'invoices'>['paid_method']>().toEqualTypeOf<PaymentMethod | null>();
expectTypeOf<Row<'signing_keys'>['secret']>().toEqualTypeOf<Buffer>();
// Flags and JSON columns as stored: 0 or 1, and the JSON text.
expectTypeOf<Row<'users'>['superuser']>().toEqualTypeOf<number>();
expectTypeOf<Row<'users'>['permissions']>().toEqualTypeOf<string>();
expectTypeOf<Row<'districts'>>().toEqualTypeOf<{
  readonly id: number;
  readonly name: string;
  readonly created_at: string;
}>();
expectTypeOf<'invoices' | 'users' | 'row_counts'>().toExtend<Table>();

// @ts-expect-error a table that does not exist has no row
export type Missing = Row<'refunds'>;
// @ts-expect-error a column the table does not have
export type LateFee = Row<'invoices'>['late_fee'];
declare const row: Row<'invoices'>;
// @ts-expect-error rows are read, not changed in place
row.state = 'paid';
