/**
 * Every weight, threshold and limit of the matcher, in one place. Each was chosen against the reconcile
 * bench (bench/reconcile.bench.mjs): changing one changes plans, so run `node bench/reconcile-plans.mjs`
 * before and after, and the bench for its accuracy figures.
 */

/** Invoices issued up to this many days after the payment are candidates (a payment made before the invoice was sent). */
export const FUTURE_DAYS = 3;
/** Invoices issued more than this many days before a payment get no date signal: a year and a bit covers annual renewals paid late. */
export const DATE_SIGNAL_DAYS = 400;
/**
 * Days between a line and the recorded payment date of a paid invoice within which that payment may be
 * this line (applied plans record the line's date; a payment recorded by hand is dated within a working
 * week or so of the bank's date). An invoice paid further from the line was paid by something else.
 */
export const PAID_NEAR = 7;

/** The most a payment may be short and still settle an invoice (a bank's fee): 25.00, and at most 5% of the total. */
export const FEE_LIMIT = 2500;
/** The share of an invoice's total a fee may take at most (5%): a small invoice short by 25.00 is a part payment, not a fee. */
export const FEE_SHARE = 0.05;

/** Candidates shown for a line that needs a person: more than 3 are not read on an 80-column terminal. */
export const SHOWN = 3;

/** Name score from which a school counts as named: below it a name shares too few rare words with the text. */
export const NAME_MIN = 0.55;
/** Name score from which a name alone may make a line confident: below it two schools' names are confused. */
export const NAME_STRONG = 0.72;
/** How far below the best name score a school still counts as a payer: a name cut short scores a little less. */
export const NAME_WINDOW = 0.25;
/** Name score from which a district counts as named: a trust's name is long, and banks show only its start. */
export const DISTRICT_MIN = 0.4;
/** Name score from which an amount-only line shows a school's invoices first: a half-named payer is likelier. */
export const HALF_NAMED = 0.2;
/** Names scored in full for a line: those its words reach most (scoring all it touches, hundreds, cost more than matching). */
export const REACHED = 24;
/** A word used by more names than this reaches none (PRIM, ST): too common to tell payers apart; a rarer word of the same name reaches it. */
export const COMMON_WORD = 400;
/** Name readings kept per run: lines repeat their payers' names; past this many a statement's names rarely repeat, and memory is bounded. */
export const NAMES_KEPT = 50_000;
/** Letters a word needs to match another as its prefix (cut short or abbreviated): "ST" must not match "STONEBRIDGE". */
export const PREFIX_MIN = 3;
/** Letters a text word needs to reach names: single letters (initials, "P" of a name cut short) would reach too many. */
export const WORD_MIN = 2;
/** A name word matched cut short or abbreviated counts this much of a whole one: "PRI" is likely, not surely, "PRIMARY". */
export const CUT_CREDIT = 0.8;
/** Characters of a payer's name a bank carries (a BACS payment's name field). */
export const BANK_NAME = 18;

/** Invoices of one payer searched for a set that sums to a payment: the smallest ones, as only those below the amount can be in a set. */
export const SET_POOL = 40;
/** The most invoices one payment pays together: larger sets fit any amount by chance. */
export const SET_MAX = 5;
/** Steps of the search for such sets, at most, per line: the search is exponential, and a line must take under a millisecond or so. */
export const SET_STEPS = 20_000;
/** Set searches kept per run, by what they searched: a payer's lines repeat them; past this many, memory is bounded. */
export const SETS_KEPT = 50_000;
/** Sets sought across a payer's groups: 3 is enough to show there is more than one (and to fill the candidates shown). */
export const POOL_SETS = 3;
/** Sets sought among the invoices a line names: 2 tell whether exactly one fits. */
export const NAMED_SETS = 2;
/** Sets sought among a named invoice's payer's invoices when the line pays more than those named: 3 tell whether one alone fits. */
export const PAYER_SETS = 3;

/** Invoice numbers and POs shorter than this (collapsed) are not keys: "12" is in too many texts. */
export const KEY_MIN = 4;
/** Digits at the end of an invoice number from which they are a key by themselves (banks drop the "INV-"). */
export const DIGITS_KEY = 5;
/** Characters of a reference cut short, at least: fewer begin too many invoice numbers. */
export const CUT_MIN = 6;

/** Points of each signal: identity (reference, PO) above names above the amount; the date only breaks ties. */
export const POINTS = {
  reference: 50,
  'reference-cut': 35,
  po: 40,
  name: 30,
  district: 25,
  amount: 30,
  'amount-fee': 15,
  date: 5,
} as const;
/** Points of a reference cut short that picks one option among several that fit: less than a whole cut reference, as other options fit too. */
export const CUT_PICK_POINTS = 20;
/** Points of a reference cut short that begins the invoices of the one option found, and of sets sought after: it picks none, but ranks that option first. */
export const CUT_SHARED_POINTS = 10;

/** Rounds of settling by elimination, at most (each re-reads only the lines still ambiguous; later rounds rarely settle any). */
export const ELIMINATION_ROUNDS = 3;
