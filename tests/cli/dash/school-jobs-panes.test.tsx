import { stripVTControlCharacters } from 'node:util';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import type { JobsData } from '../../../cli/dash/jobs/load.js';
import { jobsPanes } from '../../../cli/dash/jobs/panes.js';
import { snapshotText } from '../../../cli/dash/pane.js';
import type { SchoolData } from '../../../cli/dash/school/load.js';
import { schoolPanes } from '../../../cli/dash/school/panes.js';
import { Dashboard } from '../../../cli/ui/dash/Dashboard.js';
import { dashReducer, initialDash } from '../../../cli/ui/dash/state.js';
import { homeworkOf, jobOf, schoolOf, snapshotOf, subscriptionOf } from '../../helpers/records.js';

const school: SchoolData = {
  today: '2026-09-02',
  school: schoolOf({ id: 1, name: 'Oakfield Primary School', pupil_count: 30, teacher_count: 4, group_count: 4 }),
  subscriptions: [
    subscriptionOf({
      id: 1,
      school_id: 1,
      state: 'expired',
      seats: 300,
      assigned: { users: 30, teachers: 4, groups: 0 },
    }),
    subscriptionOf({
      id: 5,
      school_id: 1,
      state: 'active',
      seats: 100,
      teacher_seats: 20,
      expiry: '2027-09-01',
      assigned: { users: 75, teachers: 5, groups: 0 },
      product: { code: 'maths', name: 'Maths Shed' },
    }),
  ],
  homework: [
    homeworkOf({ id: 1, title: 'Spelling list ST2-W5', game: 'spelling', ends_at: '2026-09-05T09:00:00.000Z' }),
    homeworkOf({ id: 2, title: 'Times tables practice', game: 'number', ends_at: '2026-09-08T09:00:00.000Z' }),
    homeworkOf({ id: 3, title: 'Old list', game: 'spelling', ends_at: '2026-08-20T09:00:00.000Z' }),
  ],
  activity: [{ group_id: 1, name: 'Year 3 Oak', pupils: 10, plays_7d: 12, plays_30d: 40, active_30d: 9 }],
  engagement: null,
  view: null,
};

const jobs: JobsData = {
  jobs: [
    jobOf({ id: 7, kind: 'engagement-snapshot', state: 'running', progress: 40 }),
    jobOf({
      id: 3,
      kind: 'plan-action',
      namespace_id: 'plan-actions',
      state: 'failed',
      progress: 0,
      error: 'Target plan 999 does not exist',
    }),
    jobOf({ id: 1, kind: 'plan-action', namespace_id: 'plan-actions', state: 'done', progress: 100 }),
  ],
  snapshots: [snapshotOf({ id: 3, start: '2026-09-01', end: '2026-11-30', state: 'running', progress: 40, job_id: 7 })],
  email: {
    total: 48,
    by_status: { delivered: 27, opened: 12, bounced: 7, failed: 2 },
    by_template: [{ template: 'invoice', count: 48 }],
    delivery_rate: 0.813,
    open_rate: 0.308,
    suppressions: 3,
  },
};

describe('school panes', () => {
  const panes = schoolPanes(school);
  it('draws seats used of bought as a bar per live subscription, ended ones only behind Enter', () => {
    expect(panes[1]?.summary[0]).toMatchObject({ bar: 0.75, after: '75/100 · 5/20 teachers · to 2027-09-01' });
    expect(panes[1]?.summary[1]).toMatchObject({ text: '1 expired, cancelled or deactivated', hint: 'Enter' });
    expect(panes[1]?.rows.map((r) => r.id)).toEqual([5, 1]);
  });
  it('keeps the key hint and the row counts of its figures off the plain snapshot and the pane titles', () => {
    const text = snapshotText('EdShed school 1', panes, new Date(Date.UTC(2026, 8, 2, 9, 0)));
    expect(text).toContain('\n  1 expired, cancelled or deactivated\n');
    expect(text).not.toContain(': Enter');
    expect(text).not.toMatch(/\(\d+\)/);
    const state = dashReducer(initialDash<SchoolData>(), { kind: 'fetch-ok', data: school, at: 0 });
    const { lastFrame, unmount } = render(
      <Dashboard title="EdShed school 1" state={state} panes={panes} width={80} height={23} />,
    );
    const frame = stripVTControlCharacters(lastFrame() ?? '').split('\n');
    unmount();
    expect(frame[1]).toBe('▶ Oakfield Primary School (school 1)');
    expect(frame).toContain('• Subscriptions: seats used of bought (2)');
    expect(frame).toContain('  1 expired, cancelled or deactivated: Enter');
  });
  it('fits a cancelling subscription (a longer state) at 80 columns, its end date whole', () => {
    const product = { code: 'literacy-shed-plus', name: 'Literacy Shed Plus' };
    const cancelling: SchoolData = {
      ...school,
      subscriptions: [
        subscriptionOf({
          id: 7,
          school_id: 1,
          state: 'cancelling',
          seats: 300,
          teacher_seats: 20,
          expiry: '2026-12-31',
        }),
        subscriptionOf({
          id: 8,
          school_id: 1,
          state: 'active',
          seats: 300,
          teacher_seats: 20,
          expiry: '2026-12-31',
          product,
        }),
      ],
    };
    const state = dashReducer(initialDash<SchoolData>(), { kind: 'fetch-ok', data: cancelling, at: 0 });
    const { lastFrame, unmount } = render(
      <Dashboard title="EdShed school 1" state={state} panes={schoolPanes(cancelling)} width={80} height={23} />,
    );
    const frame = stripVTControlCharacters(lastFrame() ?? '').split('\n');
    unmount();
    const seats = frame.filter((line) => line.includes('/300 seats') || line.includes(' · to '));
    expect(seats).toHaveLength(2);
    for (const line of seats) expect(line).toMatch(/ · to 2026-12-31$/);
    expect(seats[0]?.indexOf('cancelling')).toBe(seats[1]?.indexOf('active'));
  });

  it('counts people, lists homework due within the week, and plays per group', () => {
    expect(panes[0]?.summary[0]?.text).toBe('pupils 30 · teachers 4 · groups 4');
    expect(panes[2]?.summary.map((l) => l.text)).toEqual([
      '2 due by 2026-09-08',
      'due 2026-09-05  Spelling list ST2-W5 (spelling)',
      'due 2026-09-08  Times tables practice (number)',
    ]);
    expect(panes[3]?.summary[0]?.text).toBe('12 plays in the last 7 days, 40 in 30, across 1 groups');
    expect(panes).toHaveLength(4);
  });
});

describe('jobs panes', () => {
  const panes = jobsPanes(jobs);
  it('shows running jobs with a progress bar, snapshot jobs by period, failures with their error, email figures', () => {
    expect(panes[0]?.summary[0]).toMatchObject({ bar: 0.4, after: '40%', tone: 'warn' });
    expect(panes[0]?.summary[0]?.text).toMatch(/^#7 +snapshot 2026-09-01 to 2026-11-30 +running/);
    expect(panes[2]?.summary[0]).toMatchObject({ tone: 'bad', note: 'Target plan 999 does not exist' });
    expect(panes[2]?.summary[0]?.bar).toBeUndefined();
    expect(panes[3]?.summary[1]?.text).toBe('7 bounced · 3 addresses suppressed');
  });

  it('renders at 80 columns with the bar in the frame', () => {
    const state = dashReducer(initialDash<JobsData>(), { kind: 'fetch-ok', data: jobs, at: 0 });
    const { lastFrame, unmount } = render(
      <Dashboard title="EdShed jobs" state={state} panes={panes} width={80} height={23} />,
    );
    const frame = stripVTControlCharacters(lastFrame() ?? '').split('\n');
    unmount();
    expect(frame[1]).toBe('▶ Running and queued (1)');
    expect(frame[2]).toMatch(/^ {2}#7 +snapshot 2026-09-01 to 2026-11-30 +running +█+░+ 40%$/);
    // A failed job is read for its error: whole at 80 columns, with no progress bar to make room for.
    expect(frame).toContain('  #3   plan-action (plan-actions) failed  Target plan 999 does not exist');
    expect(Math.max(...frame.map((l) => l.length))).toBeLessThanOrEqual(80);
  });
});
