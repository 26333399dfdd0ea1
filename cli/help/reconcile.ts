/** The text of `edshed help reconcile`: what `invoices reconcile` makes of a statement line, and why. */
import { FEE_LIMIT, FUTURE_DAYS, PAID_NEAR, SHOWN } from '../../core/domain/reconcile/match.js';

/**
 * The classes and the signals of `edshed invoices reconcile`.
 *
 * @example
 * reconcileText().startsWith('How edshed invoices reconcile') // true
 */
export function reconcileText(): string {
  return `How edshed invoices reconcile reads a bank statement line

Classes (only confident lines, and lines you --accept, become writes: invoices mark paid):
  confident       a reference names the invoices, or a PO or the payer's name picks out the payers and
                  exactly one of their invoices, or one set of 2 to 5 of one school's or one
                  district's, fits the amount; and no other line claims those invoices. By
                  elimination too: when the other invoices that fit are settled by other lines
                  (confident, or accepted), the one left is this line's. A name that fits a school and a trust alike
                  ("HILLCREST ACADEMY": Hillcrest Primary Academy, or Hillcrest Academy Trust cut at 18
                  characters) makes both payers: the amount, or a reference cut short, must pick one
  ambiguous       more than one invoice or set fits, only the amount agrees, the name only partly
                  agrees, a reference or PO names one school's invoice while the name is clearly
                  another payer's (not that school or its trust: the note names both), or another
                  line claims the same invoice (then both are ambiguous); the best
                  ${SHOWN} candidates are shown with their scores (equal scores: invoices all still open
                  before one already paid, one school's before several schools', fewer invoices before
                  more, then those due nearest the payment; a line naming a trust also shows the sets
                  of each of its schools' own invoices that fit; for identical lines on one day, first
                  the invoices of a payer with enough of them to have made every one):
                  --accept LINE=INVOICE[,INVOICE] picks one
  refused         the invoices fit, but the API would refuse the payment: dated after today (day and
                  month swapped? see --date-format) or before the invoice was issued; never marked
                  paid: check the statement's dates, or mark it by hand
  partial         less than the invoice named (beyond a fee): never marked paid; ask for the rest or
                  record the part payment by hand
  overpaid        more than the invoices named and no set of the payer's fits: never marked paid;
                  mark by hand and refund or credit the difference
  other-currency  the invoice is in another currency than the payment: record it with invoices mark
                  forex, or by hand
  already-paid    the invoices are paid already (this statement applied before, or paid by hand)
  unmatched       no reference, PO, name or amount found
  outgoing        money out (a refund, a charge): not a payment, never marked, and never counted
                  with the money received (the summary gives its count and total apart)

Signals (each scored; a candidate's score is their sum, shown with each one's reason):
  reference       the invoice number in the text (50): any spacing or punctuation, case ignored
  reference-cut   the text ends in the start of exactly one invoice number (35): banks cut
                  references at 18 characters
  po              a subscription's PO number, or a promised invoice's reference, in the text (40)
  name            the school's name as banks write it, up to 30 by how much of it shows
                  ("ST MARYS CE PRIM" is St Mary's C of E Primary School); words of other names count
                  against it. A text whose first 18 characters (a bank's name field) are all the name's
                  is the name cut short: it decides as a name shown well does
  district        the district's (trust's) name: its schools' invoices, up to 25; a set of invoices
                  scores the name and district points of its least named invoice
  amount          the amount is the invoice's total, or the set's (30)
  amount-fee      short of the total by at most ${(FEE_LIMIT / 100).toFixed(2)} and 5% (a bank fee: 15)
  date            issued before the payment (up to ${FUTURE_DAYS} days after counts) (5)
  accepted        chosen by a person with --accept

Candidates are invoices open or promised in the line's currency, issued no later than ${FUTURE_DAYS} days
after the line (one issued after it is shown, but the line is refused: the API takes no payment dated
before the invoice). Invoices paid within ${PAID_NEAR} days of the line still count as options (that payment may be
this line: a plan applied records the line's date), so a statement read again plans nothing.

Line ids: the bank's own id (OFX FITID, CAMT AcctSvcrRef), else a hash of account, date, amount and text
with an occurrence number: two identical lines of one day stay two, and an overlapping statement adds
nothing.

Example:
  edshed invoices reconcile november.csv --plan plan.json && edshed bulk apply plan.json
`;
}
