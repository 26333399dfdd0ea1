import type { Invoice, School, Subscription } from '../../../core/shapes/types.js';
import { formatMoney } from '../../../core/domain/money.js';
import { isOverdue } from '../../../core/domain/invoice-totals.js';
import type { Colors } from '../../output/colors.js';
import { render, type Format } from '../../output/render.js';
import { listLines, renderView } from '../../output/view.js';
import type { Row } from '../../output/rows.js';
import { productName } from '../../read/records.js';
import type { NotShown, SchoolView } from './school-view.js';

/** One section of the view: a heading and its rows, with fixed columns so an empty section keeps its header. */
interface Section {
  readonly heading: string;
  readonly columns: readonly string[];
  readonly rows: readonly Row[];
  /** Who may see the section, when the caller's role may not (its rows are then empty). */
  readonly shownTo?: string | undefined;
}

const detailsRow = (school: School): Row => ({
  id: school.id,
  name: school.name,
  country: school.country ?? null,
  region: school.region ?? null,
  locale: school.locale ?? null,
  code: school.code ?? null,
  teachers: school.teacher_count ?? null,
  pupils: school.pupil_count ?? null,
  groups: school.group_count ?? null,
});

const subscriptionRow = (sub: Subscription): Row => {
  const used = sub.assigned?.users ?? null;
  const free = sub.seats_available ?? (sub.seats != null && used !== null ? Math.max(0, sub.seats - used) : null);
  const teachers = sub.teacher_seats != null ? `${sub.assigned?.teachers ?? '?'}/${sub.teacher_seats}` : null;
  return {
    id: sub.id,
    product: productName(sub),
    kind: sub.kind ?? null,
    state: sub.state,
    start: sub.start_date ?? null,
    expiry: sub.expiry ?? null,
    seats: sub.seats ?? null,
    used,
    free,
    teachers,
  };
};

const invoiceRow = (invoice: Invoice, today: string): Row => ({
  id: invoice.id,
  number: invoice.number ?? null,
  subscription: invoice.subscription_id ?? null,
  state: invoice.state,
  status: isOverdue(invoice, today) ? 'overdue' : 'not yet due',
  currency: invoice.currency,
  amount_due: invoice.amount_due ?? invoice.total,
  due_at: invoice.due_at ?? null,
});

/**
 * The sections of `schools show` as rows: details, subscriptions, unpaid invoices, totals per currency.
 * Values are the API's (money in minor units); the table layout formats them for people.
 *
 * @example
 * schoolSections(view, '2026-11-02').map((s) => s.heading) // ['school', 'subscriptions', 'open invoices', 'invoice totals']
 */
export function schoolSections(view: SchoolView, today: string): Section[] {
  const shownTo = (section: NotShown['section']) => view.not_shown.find((n) => n.section === section)?.shown_to;
  return [
    { heading: 'school', columns: Object.keys(detailsRow(view.school)), rows: [detailsRow(view.school)] },
    {
      heading: 'subscriptions',
      columns: ['id', 'product', 'kind', 'state', 'start', 'expiry', 'seats', 'used', 'free', 'teachers'],
      rows: (view.subscriptions ?? []).map(subscriptionRow),
      shownTo: shownTo('subscriptions'),
    },
    {
      heading: 'open invoices',
      columns: ['id', 'number', 'subscription', 'state', 'status', 'currency', 'amount_due', 'due_at'],
      rows: (view.open_invoices ?? []).map((i) => invoiceRow(i, today)),
      shownTo: shownTo('open_invoices'),
    },
    {
      heading: 'invoice totals',
      columns: ['currency', 'invoices', 'amount_due', 'overdue', 'amount_overdue'],
      rows: (view.invoice_totals ?? []).map((t) => ({ ...t })),
      shownTo: shownTo('invoice_totals'),
    },
  ];
}

/** The line that stands for a section the caller may not see. */
const notShownLine = (shownTo: string): string => `not shown: for ${shownTo} only`;

/** Options of `renderSchoolView`. */
export interface ViewFormat {
  readonly format: Format;
  /** `YYYY-MM-DD`, for what is overdue. */
  readonly today: string;
  readonly colors: Colors;
  /** Terminal width. */
  readonly columns?: number | undefined;
  /** The school's admins, where the caller may list them (a terminal's view only). */
  readonly admins?: readonly SchoolAdmin[] | undefined;
}

/** An admin of the school as the view names them: their name, username and id. */
export interface SchoolAdmin {
  readonly id: number;
  readonly username: string;
  readonly display_name: string;
  readonly email?: string | null | undefined;
}

/**
 * On a terminal: the school's title and facts, then its subscriptions, unpaid invoices and admins, one
 * line each, the amounts due per currency, and what to run next.
 */
function forPeople(view: SchoolView, options: ViewFormat): string {
  const width = options.columns ?? 120;
  const school = view.school;
  const counted = (n: number | undefined, noun: string) =>
    n === undefined ? undefined : `${n} ${noun}${n === 1 ? '' : 's'}`;
  const people = [
    counted(school.teacher_count, 'teacher'),
    counted(school.pupil_count, 'pupil'),
    counted(school.group_count, 'group'),
  ]
    .filter(Boolean)
    .join(' · ');
  const shownTo = (section: NotShown['section']) => view.not_shown.find((n) => n.section === section)?.shown_to;
  const notShown = (section: NotShown['section']) => {
    const who = shownTo(section);
    return who === undefined ? 'none' : notShownLine(who);
  };
  const subs = (view.subscriptions ?? []).map((sub) => {
    const r = subscriptionRow(sub);
    return {
      id: `#${sub.id}`,
      product: r.product,
      state: sub.state,
      kind: sub.kind,
      start: sub.start_date,
      expiry: sub.expiry ?? 'no end',
      seats: `${r.used ?? '?'}/${r.seats ?? '?'} seats`,
    };
  });
  const invoices = (view.open_invoices ?? []).map((i) => ({
    number: i.number,
    state: i.state,
    due: formatMoney(i.amount_due ?? i.total, i.currency),
    on: `due ${i.due_at}`,
    late: isOverdue(i, options.today) ? 'overdue' : '',
    id: `invoice ${i.id}`,
  }));
  const admins = (options.admins ?? []).map((a) => ({
    name: a.display_name,
    username: a.username,
    email: a.email ?? '',
    id: `user ${a.id}`,
  }));
  const totals = (view.invoice_totals ?? []).map(
    (t) =>
      `Due: ${formatMoney(t.amount_due, t.currency)} in ${t.invoices} invoice${t.invoices === 1 ? '' : 's'}${t.overdue > 0 ? ` (${formatMoney(t.amount_overdue, t.currency)} overdue)` : ''}`,
  );
  return renderView(
    {
      title: `${school.name} · school ${school.id}`,
      facts: [
        ['where', [school.country, school.region, school.locale].filter(Boolean).join(' · ')],
        ['join code', school.code],
        ['people', people],
        ['district', school.district_id === null ? undefined : `district ${school.district_id}`],
      ],
      sections: [
        {
          heading: 'Subscriptions',
          lines: listLines(subs, ['id', 'product', 'state', 'kind', 'start', 'expiry', 'seats'], width, {
            kind: 2,
            seats: 3,
          }),
          empty: notShown('subscriptions'),
        },
        {
          heading: 'Unpaid invoices',
          lines: listLines(invoices, ['number', 'state', 'due', 'on', 'late', 'id'], width, { id: 2 }),
          empty: notShown('open_invoices'),
          notes: totals,
        },
        ...(options.admins === undefined
          ? []
          : [
              { heading: 'Admins', lines: listLines(admins, ['name', 'username', 'email', 'id'], width, { email: 2 }) },
            ]),
      ],
      next: invoices.length > 0 ? [`Show an invoice: edshed invoices show ${view.open_invoices?.[0]?.id ?? 'ID'}`] : [],
    },
    width,
    options.colors,
  );
}

/**
 * The whole view in one output format: JSON (the API's values), TSV or CSV sections each under a
 * `# heading` line, or on a terminal headings with small tables and the totals in major units.
 *
 * @example
 * await renderSchoolView(view, { format: 'tsv', today: '2026-11-02', colors })
 */
export async function renderSchoolView(view: SchoolView, options: ViewFormat): Promise<string> {
  if (options.format === 'json' || options.format === 'ndjson') {
    const text = await render(view, { format: 'json' });
    return options.format === 'json' ? text : `${JSON.stringify(JSON.parse(text))}\n`;
  }
  const sections = schoolSections(view, options.today);
  if (options.format === 'table') return forPeople(view, options);
  const parts = await Promise.all(
    sections.map(async (s) =>
      s.shownTo === undefined
        ? `# ${s.heading}\n${await render(s.rows, { format: options.format, fields: s.columns })}`
        : `# ${s.heading}: ${notShownLine(s.shownTo)}\n`,
    ),
  );
  return parts.join('\n');
}
