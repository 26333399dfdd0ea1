import type { Invoice, School, Subscription } from '../../../core/shapes/types.js';
import { formatMoney } from '../../../core/domain/money.js';
import { isOverdue } from '../../../core/domain/invoice-totals.js';
import type { Colors } from '../../output/colors.js';
import { render, type Format } from '../../output/render.js';
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
  return { id: sub.id, product: productName(sub), kind: sub.kind ?? null, state: sub.state, start: sub.start_date ?? null, expiry: sub.expiry ?? null, seats: sub.seats ?? null, used, free, teachers };
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
    { heading: 'subscriptions', columns: ['id', 'product', 'kind', 'state', 'start', 'expiry', 'seats', 'used', 'free', 'teachers'], rows: (view.subscriptions ?? []).map(subscriptionRow), shownTo: shownTo('subscriptions') },
    { heading: 'open invoices', columns: ['id', 'number', 'subscription', 'state', 'status', 'currency', 'amount_due', 'due_at'], rows: (view.open_invoices ?? []).map((i) => invoiceRow(i, today)), shownTo: shownTo('open_invoices') },
    { heading: 'invoice totals', columns: ['currency', 'invoices', 'amount_due', 'overdue', 'amount_overdue'], rows: (view.invoice_totals ?? []).map((t) => ({ ...t })), shownTo: shownTo('invoice_totals') },
  ];
}

/** The line that stands for a section the caller may not see. */
const notShownLine = (shownTo: string): string => `not shown: for ${shownTo} only`;

/** The school's heading and facts, for people: "Oakfield Primary School (school 1)", where, who. */
function detailLines(school: School, colors: Colors): string {
  const place = [school.country, school.region, school.locale].filter(Boolean).join(' · ');
  const counted = (n: number | undefined, noun: string) => (n === undefined ? undefined : `${n} ${noun}${n === 1 ? '' : 's'}`);
  const people = [counted(school.teacher_count, 'teacher'), counted(school.pupil_count, 'pupil'), counted(school.group_count, 'group')].filter(Boolean).join(' · ');
  return [`${colors.bold(school.name)} (school ${school.id})`, `  ${place}${school.code ? ` · join code ${school.code}` : ''}`, ...(people ? [`  ${people}`] : [])].join('\n') + '\n';
}

/** "Due: £1,020.00 in 2 invoices (£540.00 overdue)", one line per currency. */
function totalLines(view: SchoolView, colors: Colors): string {
  if (view.invoice_totals === null || view.invoice_totals.length === 0) return '';
  return view.invoice_totals
    .map((t) => {
      const overdue = t.overdue > 0 ? ` (${colors.red(`${formatMoney(t.amount_overdue, t.currency)} overdue`)})` : '';
      return `Due: ${colors.bold(formatMoney(t.amount_due, t.currency))} in ${t.invoices} invoice${t.invoices === 1 ? '' : 's'}${overdue}\n`;
    })
    .join('');
}

/** Options of `renderSchoolView`. */
export interface ViewFormat {
  readonly format: Format;
  /** `YYYY-MM-DD`, for what is overdue. */
  readonly today: string;
  readonly colors: Colors;
  /** Terminal width. */
  readonly columns?: number | undefined;
}

/** On a terminal: the school's facts, then a heading and a small table a section, then the totals. */
async function forPeople(view: SchoolView, sections: readonly Section[], options: ViewFormat): Promise<string> {
  let text = detailLines(view.school, options.colors);
  for (const section of sections.filter((s) => s.heading === 'subscriptions' || s.heading === 'open invoices')) {
    const title = `${section.heading.charAt(0).toUpperCase()}${section.heading.slice(1)}`;
    if (section.shownTo !== undefined) {
      text += `\n${options.colors.bold(title)}: ${options.colors.dim(notShownLine(section.shownTo))}\n`;
      continue;
    }
    const table = section.rows.length === 0 ? '(none)\n' : await render(section.rows, { format: 'table', fields: section.columns, colors: options.colors, ...(options.columns ? { columns: options.columns } : {}) });
    text += `\n${options.colors.bold(`${title} (${section.rows.length})`)}\n${table}`;
  }
  return text + totalLines(view, options.colors);
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
  if (options.format === 'table') return forPeople(view, sections, options);
  const parts = await Promise.all(
    sections.map(async (s) => (s.shownTo === undefined ? `# ${s.heading}\n${await render(s.rows, { format: options.format, fields: s.columns })}` : `# ${s.heading}: ${notShownLine(s.shownTo)}\n`)),
  );
  return parts.join('\n');
}
