import { describe, expect, it } from 'vitest';
import {
  LIVE_SUBSCRIPTION_STATES,
  RUNNING_SUBSCRIPTION_STATES,
  SUBSCRIPTION_STATES,
  UNPAID_INVOICE_STATES,
} from '../../core/domain/billing.js';
import { PAYABLE_STATES } from '../../core/domain/invoice-payment.js';
import { UNPAID_INVOICE_STATES as OWED_STATES } from '../../core/domain/invoice-totals.js';
import { LIVE_STATES } from '../../sandbox/domain/subscriptions/subscriptions.js';
import { sqlList } from '../../sandbox/kit/sql.js';

describe('state lists in SQL', () => {
  it('writes a constant list as an SQL IN list of quoted literals', () => {
    expect(sqlList(UNPAID_INVOICE_STATES)).toBe("('open', 'promised')");
    expect(sqlList(["it's"])).toBe("('it''s')");
  });

  it('has one definition of the unpaid invoice states and the live subscription states', () => {
    expect(PAYABLE_STATES).toBe(UNPAID_INVOICE_STATES);
    expect(OWED_STATES).toBe(UNPAID_INVOICE_STATES);
    expect(LIVE_STATES).toBe(LIVE_SUBSCRIPTION_STATES);
    expect(
      RUNNING_SUBSCRIPTION_STATES.every((state) => (LIVE_SUBSCRIPTION_STATES as readonly string[]).includes(state)),
    ).toBe(true);
    expect(LIVE_SUBSCRIPTION_STATES.every((state) => (SUBSCRIPTION_STATES as readonly string[]).includes(state))).toBe(
      true,
    );
  });
});
