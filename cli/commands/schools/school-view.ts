import type { Invoice, School, Subscription } from '../../../core/shapes/types.js';
import { totalsByCurrency, type CurrencyTotal } from '../../../core/domain/invoice-totals.js';
import type { Role } from '../../../core/endpoints/define.js';
import type { ApiMethods } from '../../../core/endpoints/methods.js';
import { CliError, EXIT } from '../../errors/cli-error.js';
import { holdsRole, type Caller } from '../../read/caller.js';
import { collectPages } from '../../read/pages.js';
import { invoicesWhere } from '../../read/invoices.js';
import { readSchool } from '../../read/reads.js';

import { together } from '../../read/together.js';
import { tableEntry } from '../../table/table-nouns.js';
import { byCodeUnits } from '../../../core/domain/order.js';

/** A section the caller's role may not read, and who may. */
export interface NotShown {
  readonly section: 'subscriptions' | 'open_invoices' | 'invoice_totals';
  readonly shown_to: string;
}

/** Everything `schools show` prints, as the API answered it (plus the sums made from it). */
export interface SchoolView {
  readonly school: School;
  /** Null when the caller's role may not read them (see `not_shown`). */
  readonly subscriptions: readonly Subscription[] | null;
  /** Invoices still to pay (open or promised), the earliest due first. */
  readonly open_invoices: readonly Invoice[] | null;
  /** What is due per currency, in minor units. */
  readonly invoice_totals: readonly CurrencyTotal[] | null;
  readonly teacher_count: number | null;
  readonly pupil_count: number | null;
  readonly not_shown: readonly NotShown[];
}

const byDue = (a: Invoice, b: Invoice): number => byCodeUnits(a.due_at ?? '', b.due_at ?? '') || a.id - b.id;

/** Who a role is, in a sentence about one school. */
const ROLE_WORDS: Readonly<Record<Role, string>> = {
  public: 'anyone',
  user: 'anyone signed in',
  pupil: 'pupils',
  parent: 'parents',
  teacher: "the school's teachers",
  admin: "the school's admins",
  district: 'district administrators',
  employee: 'sales staff',
  superuser: 'superusers',
};

/** The role of a table entry the view reads (the table says who may call it), read with its noun's entries only. */
async function roleOf(
  command: 'schools show' | 'subscriptions list' | 'school-subscriptions list' | 'invoices list',
): Promise<Role> {
  return (await tableEntry(command)).role as Role;
}

/**
 * Reads a school and, as far as the caller's role goes, all its subscriptions and its unpaid invoices,
 * at the same time (every page of each list). It calls only routes the caller's role may call: a
 * superuser reads every school's lists; the school's own admin reads them through the routes of the
 * school they manage (`users/me/school/subscriptions`, the invoice list scoped to it); anyone else who
 * may read the school sees it alone, the rest listed in `not_shown` with who may see it. Given the
 * caller's read still under way, it reads the table's roles meanwhile.
 *
 * @example
 * const api = await c.api();
 * const view = await readSchoolView(api, 1, '2026-11-02', readCaller(api));
 */
export async function readSchoolView(
  api: ApiMethods,
  id: number,
  today: string,
  callerRead: Caller | Promise<Caller>,
): Promise<SchoolView> {
  const [caller, schoolRole, allSubscriptionsRole, invoicesRole] = await Promise.all([
    callerRead,
    roleOf('schools show'),
    roleOf('subscriptions list'),
    roleOf('invoices list'),
  ]);
  if (!holdsRole(caller, schoolRole)) {
    throw new CliError(
      `schools show is for ${ROLE_WORDS[schoolRole]} and superusers; ${caller.username ?? 'you'} ${caller.kind ? `(${caller.kind}) ` : ''}may not read school ${id} (read GET users/me)`,
      EXIT.auth,
    );
  }
  const ownSchool = caller.school?.id === id;
  // The school's own subscriptions route (its noun's entries) is read only for a caller who may not read every school's.
  const ownSubscriptionsRole = holdsRole(caller, allSubscriptionsRole)
    ? undefined
    : await roleOf('school-subscriptions list');
  const subscriptions =
    ownSubscriptionsRole === undefined
      ? collectPages(
          (page) => api.subscriptions.list({ school_id: id, ...page }),
          'subscriptions list',
          'subscriptions',
          'GET schoolsubscriptions',
        )
      : ownSchool && holdsRole(caller, ownSubscriptionsRole)
        ? collectPages(
            (page) => api.schoolSubscriptions.list({ ...page }),
            'school-subscriptions list',
            'subscriptions',
            'GET users/me/school/subscriptions',
          )
        : undefined;
  // The invoice list answers superusers for any school and school admins for the school they manage.
  const invoices = (state: 'open' | 'promised') => invoicesWhere(api, { school_id: id, state });
  const unpaid =
    holdsRole(caller, invoicesRole) && (caller.superuser || ownSchool)
      ? Promise.all([invoices('open'), invoices('promised')])
      : undefined;
  const [school, subs, invoiceLists] = await together([
    readSchool(api, id),
    subscriptions ?? Promise.resolve(null),
    unpaid ?? Promise.resolve(null),
  ]);
  const shownTo = (...readers: Role[]) =>
    [...new Set(['superuser', ...readers] as Role[])].map((r) => ROLE_WORDS[r]).join(' and ');
  const open = invoiceLists === null ? null : [...invoiceLists[0], ...invoiceLists[1]].sort(byDue);
  const notShown: NotShown[] = [
    ...(subs === null
      ? [
          {
            section: 'subscriptions' as const,
            shown_to: shownTo(
              allSubscriptionsRole,
              ...(ownSubscriptionsRole === undefined ? [] : [ownSubscriptionsRole]),
            ),
          },
        ]
      : []),
    ...(open === null
      ? (['open_invoices', 'invoice_totals'] as const).map((section) => ({ section, shown_to: shownTo(invoicesRole) }))
      : []),
  ];
  return {
    school,
    subscriptions: subs,
    open_invoices: open,
    invoice_totals: open === null ? null : totalsByCurrency(open, today),
    teacher_count: school.teacher_count ?? null,
    pupil_count: school.pupil_count ?? null,
    not_shown: notShown,
  };
}
