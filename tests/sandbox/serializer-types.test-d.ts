/**
 * Type-level proof that the sandbox's serializers answer the core shapes: each returns the type
 * derived from its shape, so a key added to a shape, or a value of another type, does not compile until the
 * sandbox answers it. Checked by `tsc --noEmit` (the first step of `npm test`), not run by vitest: each
 * `@ts-expect-error` fails the type check if the line below it ever compiles.
 */
import { expectTypeOf } from 'vitest';
import type { ObjectShape, ValueOf } from '../../core/shapes/define.js';
import type { HIVE, INVOICE, SCHOOL } from '../../core/shapes/index.js';
import type * as T from '../../core/shapes/types.js';
import { fieldsOf, type RowShape } from '../../sandbox/db/fast/shape.js';
import type { serializeSessionUser } from '../../sandbox/domain/auth/user-json.js';
import type { serializeSnapshot } from '../../sandbox/domain/billing/engagement.js';
import type { serializePaymentMethod } from '../../sandbox/domain/billing/payment-methods.js';
import type { InvoiceRow, serializeInvoice } from '../../sandbox/domain/invoices/invoices.js';
import { INVOICE_SHAPE } from '../../sandbox/domain/invoices/shape.js';
import type { serializePlan, serializeProduct, serializeScope } from '../../sandbox/domain/pricing/catalogue.js';
import type { serializeHomework } from '../../sandbox/domain/homework/homework.js';
import type { serializeLeague } from '../../sandbox/domain/leagues/leagues.js';
import type { serializeResource } from '../../sandbox/domain/resources/resources.js';
import type { serializeRosterLink } from '../../sandbox/domain/rostering/rostering.js';
import type {
  serializeGroup,
  serializePupil,
  serializeSchool,
  serializeTeacher,
  serializeUser,
} from '../../sandbox/domain/schools/serialize.js';
import type { serializeGameSession } from '../../sandbox/domain/activity/sessions.js';
import type { serializeSchoolTeacher } from '../../sandbox/domain/schools/teachers.js';
import type { serializeItem } from '../../sandbox/domain/store/items.js';
import type { serializePurchase } from '../../sandbox/domain/store/purchases.js';
import type { serializePlanAction } from '../../sandbox/domain/subscriptions/plan-actions.js';
import type { serializeSubscription } from '../../sandbox/domain/subscriptions/subscriptions.js';
import type { serializeJob } from '../../sandbox/kit/jobs.js';
import type { serializeHive } from '../../sandbox/domain/leagues/hives.js';
import type { serializeTenant } from '../../sandbox/domain/rostering/tenants.js';
import type { serializeAddress } from '../../sandbox/domain/schools/addresses.js';
import type { serializeInvite } from '../../sandbox/domain/schools/invites.js';

// Each serializer answers exactly the type of the core shape it serves.
expectTypeOf<ReturnType<typeof serializeInvoice>>().toEqualTypeOf<T.Invoice>();
expectTypeOf<ReturnType<typeof serializeSubscription>>().toEqualTypeOf<T.Subscription>();
expectTypeOf<ReturnType<typeof serializeProduct>>().toEqualTypeOf<T.Product>();
expectTypeOf<ReturnType<typeof serializeScope>>().toEqualTypeOf<T.Scope>();
expectTypeOf<ReturnType<typeof serializePlan>>().toEqualTypeOf<T.Plan>();
expectTypeOf<ReturnType<typeof serializePlanAction>>().toEqualTypeOf<T.PlanAction>();
expectTypeOf<ReturnType<typeof serializePaymentMethod>>().toEqualTypeOf<T.PaymentMethodRecord>();
expectTypeOf<ReturnType<typeof serializeSnapshot>>().toEqualTypeOf<T.Snapshot>();
expectTypeOf<ReturnType<typeof serializeJob>>().toEqualTypeOf<T.Job>();
expectTypeOf<ReturnType<typeof serializeItem>>().toEqualTypeOf<T.StoreItem>();
expectTypeOf<ReturnType<typeof serializePurchase>>().toEqualTypeOf<T.Purchase>();
expectTypeOf<ReturnType<typeof serializeSchool>>().toEqualTypeOf<T.School>();
expectTypeOf<ReturnType<typeof serializePupil>>().toEqualTypeOf<T.Pupil>();
expectTypeOf<ReturnType<typeof serializeTeacher>>().toEqualTypeOf<T.Teacher>();
expectTypeOf<ReturnType<typeof serializeSchoolTeacher>>().toEqualTypeOf<T.Teacher | undefined>();
expectTypeOf<ReturnType<typeof serializeUser>>().toEqualTypeOf<T.User>();
expectTypeOf<ReturnType<typeof serializeGroup>>().toEqualTypeOf<T.Group>();
expectTypeOf<ReturnType<typeof serializeHomework>>().toEqualTypeOf<T.Homework>();
expectTypeOf<ReturnType<typeof serializeLeague>>().toEqualTypeOf<T.League>();
expectTypeOf<ReturnType<typeof serializeResource>>().toEqualTypeOf<T.Resource>();
expectTypeOf<ReturnType<typeof serializeRosterLink>>().toEqualTypeOf<T.RosterLink>();
expectTypeOf<ReturnType<typeof serializeGameSession>>().toEqualTypeOf<T.GameSession>();
expectTypeOf<ReturnType<typeof serializeHive>>().toEqualTypeOf<T.Hive>();
expectTypeOf<ReturnType<typeof serializeTenant>>().toEqualTypeOf<T.Tenant>();
expectTypeOf<ReturnType<typeof serializeAddress>>().toEqualTypeOf<T.Address>();
expectTypeOf<ReturnType<typeof serializeInvite>>().toEqualTypeOf<T.TeacherInvite>();
// The signed-in user without the token, which the sign-in and `users/me` handlers add beside it.
expectTypeOf<ReturnType<typeof serializeSessionUser>>().toEqualTypeOf<Omit<T.SessionUser, 'token'>>();

// A key added to a shape: the sandbox's answers no longer satisfy it until they answer the key.
type WithLateFee = ValueOf<ObjectShape<(typeof INVOICE)['fields'] & { readonly late_fee: 'int' }>>;
declare const invoiceRow: InvoiceRow;
declare const invoiceOf: typeof serializeInvoice;
// @ts-expect-error the invoice serializer does not answer late_fee
export const lateFee: WithLateFee = invoiceOf(invoiceRow);
// @ts-expect-error nor does the invoice's row shape, which the `invoice_docs` read model is built from
export const lateFeeShape: RowShape<InvoiceRow, WithLateFee> = INVOICE_SHAPE;

type WithMotto = ValueOf<ObjectShape<(typeof SCHOOL)['fields'] & { readonly motto: 'string' }>>;
declare const schoolRow: Parameters<typeof serializeSchool>[0];
declare const schoolOf: typeof serializeSchool;
// @ts-expect-error nor does the school's (its RowShape map answers the shape's keys of today)
export const motto: WithMotto = schoolOf(schoolRow);

// A row shape missing a key, or answering a key with the wrong type, does not compile.
const { amount_due: _amountDue, ...withoutAmountDue } = INVOICE_SHAPE;
// @ts-expect-error amount_due is a key of the invoice
export const missing: RowShape<InvoiceRow, T.Invoice> = withoutAmountDue;
// The shape is built first so the expected error stays on the one line below it, however it is wrapped.
const forexAsStored = { ...INVOICE_SHAPE, forex: fieldsOf<InvoiceRow>().column('forex') };
// @ts-expect-error forex as stored (0 or 1) is not the boolean the shape answers
export const mistyped: RowShape<InvoiceRow, T.Invoice> = forexAsStored;

type WithPlayerCount = ValueOf<ObjectShape<(typeof HIVE)['fields'] & { readonly player_count: 'int' }>>;
declare const hiveRow: Parameters<typeof serializeHive>[0];
declare const hiveOf: typeof serializeHive;
// @ts-expect-error the hive serializer (its row and data column) does not answer player_count
export const playerCount: WithPlayerCount = hiveOf(hiveRow);
