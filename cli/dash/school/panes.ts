import type { Subscription } from '../../../core/shapes/types.js';
import { money } from '../../commands/invoices/mark-output.js';
import { productName } from '../../read/records.js';
import { daysUntil } from '../billing/load.js';
import { emptyLine, type Line, type Pane, type Row } from '../pane.js';
import type { SchoolData } from './load.js';
import { byCodeUnits } from '../../../core/domain/order.js';

const LIVE = ['active', 'trial', 'future', 'pending', 'cancelling'];
const WEEK_DAYS = 7;

/** The widths of the name and state columns: the pane's own longest (a product name at most 23), so rows line up and fit. */
interface SeatsWidths {
  readonly name: number;
  readonly state: number;
}

function seatsRow(s: Subscription, widths: SeatsWidths): Row {
  const used = s.assigned?.users ?? 0;
  const bought = s.seats ?? 0;
  const live = LIVE.includes(s.state);
  const full = bought > 0 && used >= bought;
  return {
    key: `sub-${s.id}`,
    id: s.id,
    text: `${productName(s).slice(0, widths.name).padEnd(widths.name)} ${s.state.padEnd(widths.state)}`,
    bar: bought > 0 ? used / bought : 0,
    after: `${used}/${bought}${s.teacher_seats ? ` · ${s.assigned?.teachers ?? 0}/${s.teacher_seats} teachers` : ''}${s.expiry ? ` · to ${s.expiry}` : ''}`,
    tone: !live ? 'dim' : full ? 'bad' : undefined,
  };
}

function subscriptionsPane(data: SchoolData): Pane {
  const rank = (s: Subscription) => (LIVE.includes(s.state) ? 0 : 1);
  const widths = {
    name: Math.min(23, Math.max(0, ...data.subscriptions.map((s) => productName(s).length))),
    state: Math.max(0, ...data.subscriptions.map((s) => s.state.length)),
  };
  const rows = [...data.subscriptions].sort((a, b) => rank(a) - rank(b) || a.id - b.id).map((s) => seatsRow(s, widths));
  const live = rows.filter((r) => r.tone !== 'dim');
  const ended = rows.length - live.length;
  const summary: Line[] = live.length > 0 ? [...live] : [emptyLine('no live subscription')];
  if (ended > 0) summary.push({ ...emptyLine(`${ended} expired, cancelled or deactivated`), hint: 'Enter' });
  return { title: 'Subscriptions: seats used of bought', summary, rows };
}

function peoplePane(data: SchoolData): Pane {
  const s = data.school;
  const text = `pupils ${s.pupil_count ?? '?'} · teachers ${s.teacher_count ?? '?'} · groups ${s.group_count ?? '?'}`;
  return { title: `${s.name} (school ${s.id})`, summary: [{ text }], rows: [{ key: 'people', text }], counted: false };
}

function homeworkPane(data: SchoolData): Pane {
  const title = 'Homework due this week';
  if (data.homework === null)
    return {
      title,
      summary: [emptyLine("shown to the school's own admins (the API has no superuser route to it)")],
      rows: [],
    };
  const due = data.homework
    .filter(
      (h) =>
        typeof h.ends_at === 'string' &&
        daysUntil(h.ends_at, data.today) >= 0 &&
        daysUntil(h.ends_at, data.today) < WEEK_DAYS,
    )
    .sort((a, b) => byCodeUnits(a.ends_at ?? '', b.ends_at ?? ''));
  const rows: Row[] = due.map((h) => ({
    key: `hw-${h.id}`,
    id: h.id,
    text: `due ${(h.ends_at ?? '').slice(0, 10)}  ${h.title}${h.game ? ` (${h.game})` : ''}`,
  }));
  if (rows.length > 0)
    return { title, summary: [{ text: `${rows.length} due by ${addDays(data.today, WEEK_DAYS - 1)}` }, ...rows], rows };
  const latest = [...data.homework].sort((a, b) => byCodeUnits(b.ends_at ?? '', a.ends_at ?? ''))[0];
  const last = latest ? [emptyLine(`latest set: ${latest.title}, due ${(latest.ends_at ?? '').slice(0, 10)}`)] : [];
  return {
    title,
    summary: [
      { text: `none due by ${addDays(data.today, WEEK_DAYS - 1)} (${data.homework.length} set in all)` },
      ...last,
    ],
    rows,
  };
}

function activityPane(data: SchoolData): Pane {
  const title = 'Recent activity';
  if (data.activity !== null) {
    const rows: Row[] = data.activity.map((g) => ({
      key: `group-${g.group_id}`,
      id: g.group_id,
      text: `${g.name.slice(0, 18).padEnd(18)} ${String(g.plays_7d).padStart(4)} plays in 7 days · ${g.plays_30d} in 30 · ${g.active_30d}/${g.pupils} pupils active`,
      tone: g.plays_30d === 0 ? 'dim' : undefined,
    }));
    const week = data.activity.reduce((n, g) => n + g.plays_7d, 0);
    const month = data.activity.reduce((n, g) => n + g.plays_30d, 0);
    return {
      title,
      summary: [{ text: `${week} plays in the last 7 days, ${month} in 30, across ${rows.length} groups` }, ...rows],
      rows,
    };
  }
  const e = data.engagement;
  if (!e) return { title, summary: [emptyLine('no engagement snapshot yet (edshed snapshots create)')], rows: [] };
  const period = `engagement snapshot ${e.snapshot.id}, ${e.snapshot.start} to ${e.snapshot.end}`;
  const lines: Line[] = e.row
    ? [
        {
          text: `${e.row.plays} plays · ${e.row.active_pupils}/${e.row.pupils} pupils active`,
          bar: e.row.pupils > 0 ? e.row.active_pupils / e.row.pupils : 0,
        },
        emptyLine(period),
      ]
    : [emptyLine(`not in ${period}`)];
  return { title, summary: lines, rows: lines.map((l, i) => ({ ...l, key: `engagement-${i}` })), counted: false };
}

function invoicesPane(data: SchoolData): Pane | undefined {
  if (!data.view?.open_invoices || !data.view.invoice_totals) return undefined;
  const rows: Row[] = data.view.open_invoices.map((i) => ({
    key: `inv-${i.id}`,
    id: i.id,
    text: `${i.number ?? `#${i.id}`}  ${i.state.padEnd(9)} ${money(i.amount_due ?? i.total, i.currency)}  due ${i.due_at ?? '?'}`,
  }));
  const totals: Line[] = data.view.invoice_totals.map((t) => ({
    text: `${money(t.amount_due, t.currency)} due on ${t.invoices} invoice${t.invoices === 1 ? '' : 's'}${t.overdue > 0 ? `, ${money(t.amount_overdue, t.currency)} overdue` : ''}`,
    tone: t.overdue > 0 ? 'bad' : undefined,
  }));
  return {
    title: 'Unpaid invoices',
    summary: totals.length > 0 ? totals : [{ text: 'nothing to pay', tone: 'good' }],
    rows,
  };
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The school dashboard's panes: seats per subscription as bars, people counts, homework due this week,
 * recent activity, and for superusers the unpaid invoices.
 *
 * @example
 * schoolPanes(data).map((p) => p.title) // ['Oakfield Primary School (school 1)', 'Subscriptions: seats used of bought', ...]
 */
export function schoolPanes(data: SchoolData): Pane[] {
  const invoices = invoicesPane(data);
  return [
    peoplePane(data),
    subscriptionsPane(data),
    homeworkPane(data),
    activityPane(data),
    ...(invoices ? [invoices] : []),
  ];
}
