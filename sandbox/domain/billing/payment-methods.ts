/**
 * Saved card payment methods of a school. The sandbox's card provider understands test references the way
 * card providers' test modes do: `pm_card_visa`, `pm_card_mastercard`, `pm_card_amex` succeed,
 * `pm_card_declined` saves but every charge on it is declined (402), `pm_card_3ds` needs verification
 * (the save answers an intent).
 */
import { all, type Db } from '../../kit/sql.js';
import { DomainError } from '../errors.js';
import type { PaymentMethodRecord } from '../../../core/shapes/types.js';
import type { Row } from '../../db/rows.js';
import { fieldsOf, shapeValue, type RowShape } from '../../db/fast/shape.js';

export type PaymentMethodRow = Row<'payment_methods'>;

const TEST_CARDS: Readonly<Record<string, { brand: string; last4: string }>> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_amex: { brand: 'amex', last4: '8431' },
  pm_card_declined: { brand: 'visa', last4: '0002' },
  pm_card_3ds: { brand: 'visa', last4: '3184' },
};

const { column: c, flag } = fieldsOf<PaymentMethodRow>();

/** The row without its deletion date, `is_default` as a boolean. */
const PAYMENT_METHOD_SHAPE: RowShape<PaymentMethodRow, PaymentMethodRecord> = {
  id: c('id'),
  school_id: c('school_id'),
  provider_ref: c('provider_ref'),
  brand: c('brand'),
  last4: c('last4'),
  exp_month: c('exp_month'),
  exp_year: c('exp_year'),
  is_default: flag('is_default'),
  created_at: c('created_at'),
};

/** The card a test reference stands for, or undefined for an unknown reference. */
export function testCard(ref: string): { brand: string; last4: string } | undefined {
  return TEST_CARDS[ref];
}

export function listPaymentMethods(db: Db, schoolId: number): PaymentMethodRow[] {
  return all<PaymentMethodRow>(
    db,
    'SELECT * FROM payment_methods WHERE school_id = ? AND deleted_at IS NULL ORDER BY is_default DESC, id',
    schoolId,
  );
}

export function serializePaymentMethod(row: PaymentMethodRow): PaymentMethodRecord {
  return shapeValue(PAYMENT_METHOD_SHAPE, row);
}

/**
 * Charges a school's card (the given saved method, else the default): 409 when there is none, 402 when the
 * card is declined. Answers the method charged.
 *
 * @example
 * const card = chargeCard(db, 1);
 */
export function chargeCard(db: Db, schoolId: number, methodId?: number): PaymentMethodRow {
  const methods = listPaymentMethods(db, schoolId);
  const method = methodId === undefined ? methods[0] : methods.find((m) => m.id === methodId);
  if (!method) {
    const which = methodId === undefined ? 'no saved payment method' : `no payment method ${methodId}`;
    throw new DomainError('conflict', `School ${schoolId} has ${which}; add a card first`);
  }
  if (method.provider_ref === 'pm_card_declined')
    throw new DomainError('payment-failed', `The card ending ${method.last4} was declined`);
  return method;
}

/**
 * Charges either a saved method (by id, or the default when none is given) or a one-off test card
 * reference; answers a label for the payment record.
 *
 * @example
 * chargeWith(db, 1, 'pm_card_visa') // 'card visa 4242'
 */
export function chargeWith(db: Db, schoolId: number, method: number | string | undefined): string {
  if (typeof method === 'string' && !/^\d+$/.test(method)) {
    const card = testCard(method);
    if (!card)
      throw new DomainError('invalid', `Unknown payment method ${method}`, {
        errors: [{ path: 'paymentMethod', message: 'unknown' }],
      });
    if (method === 'pm_card_declined')
      throw new DomainError('payment-failed', `The card ending ${card.last4} was declined`);
    return `card ${card.brand} ${card.last4}`;
  }
  const saved = chargeCard(db, schoolId, method === undefined ? undefined : Number(method));
  return `card ${saved.brand} ${saved.last4}`;
}
