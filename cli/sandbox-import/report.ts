/**
 * The manifest an import prints at the end: what the copy holds (per chosen school, per table), the stubs it
 * declares for references outside the chosen schools, which fields were pseudonymised and dropped, and how
 * many requests it took. Never the key, never a personal value. Pure.
 */
import { MANIFEST, NOT_COPIED, type FieldClass, type KindManifest, type RecordKind } from './manifest.js';
import type { CopyRows, Row, Stub } from './rows.js';
import { wrap, wrapLines } from '../output/fit.js';

export interface ImportManifest {
  readonly copy: string;
  readonly source: string;
  readonly made_at: string;
  readonly refreshed: boolean;
  readonly requests: number;
  readonly schools: readonly {
    readonly id: number;
    readonly name: string;
    readonly teachers: number;
    readonly pupils: number;
    readonly groups: number;
    readonly subscriptions: number;
    readonly invoices: number;
    readonly invoices_by_state: Readonly<Record<string, number>>;
  }[];
  readonly tables: Readonly<Record<string, number>>;
  readonly stubs: readonly Stub[];
  readonly fields: Readonly<Record<'pseudonymised' | 'dropped', readonly string[]>>;
  /** What the sandbox holds for a school that the copy does not, and why. */
  readonly not_copied: typeof NOT_COPIED;
}

/** Every field of the manifest in one class, as `kind.field`. */
export function fieldsOf(wanted: FieldClass): string[] {
  return (Object.keys(MANIFEST) as RecordKind[]).flatMap((kind) => {
    const manifest: KindManifest = MANIFEST[kind];
    // A repeated record's fields are reported once, under the kind they are copied from.
    const elsewhere = manifest.repeats === undefined ? {} : MANIFEST[manifest.repeats as RecordKind].fields;
    return Object.entries(manifest.fields)
      .filter(([field, c]) => c === wanted && !Object.hasOwn(elsewhere, field))
      .map(([field]) => `${kind}.${field}`);
  });
}

const bySchool = (rows: readonly Row[], id: number): Row[] => rows.filter((r) => r['school_id'] === id);

/** The manifest of one import. */
export function importManifest(
  rows: CopyRows,
  facts: {
    readonly copy: string;
    readonly source: string;
    readonly madeAt: Date;
    readonly refreshed: boolean;
    readonly requests: number;
  },
): ImportManifest {
  const t = rows.tables;
  const schools = rows.schoolIds.map((id) => {
    const users = bySchool(t.users, id);
    const invoices = bySchool(t.invoices, id);
    const byState: Record<string, number> = {};
    for (const invoice of invoices) byState[String(invoice['state'])] = (byState[String(invoice['state'])] ?? 0) + 1;
    return {
      id,
      name: String(t.schools.find((s) => s['id'] === id)?.['name'] ?? ''),
      teachers: users.filter((u) => u['kind'] === 'teacher' && u['deleted_at'] == null).length,
      pupils: users.filter((u) => u['kind'] === 'pupil' && u['deleted_at'] == null).length,
      groups: bySchool(t.school_groups, id).length,
      subscriptions: bySchool(t.subscriptions, id).length,
      invoices: invoices.length,
      invoices_by_state: Object.fromEntries(Object.entries(byState).sort(([a], [b]) => a.localeCompare(b))),
    };
  });
  return {
    copy: facts.copy,
    source: facts.source,
    made_at: facts.madeAt.toISOString(),
    refreshed: facts.refreshed,
    requests: facts.requests,
    schools,
    tables: Object.fromEntries(Object.entries(t).map(([name, list]) => [name, list.length])),
    stubs: rows.stubs,
    fields: { pseudonymised: fieldsOf('pseudonymise'), dropped: fieldsOf('drop') },
    not_copied: NOT_COPIED,
  };
}

/** Joins words that a wrap keeps on one line (a count and what it counts); a space once wrapped. */
const KEEP = '\u0001';

/**
 * The manifest as text for a person; with a `width` (the terminal's), each line wrapped to it at spaces,
 * its further lines indented under it.
 */
export function manifestText(m: ImportManifest, width?: number): string {
  const lines = [
    `Copy ${m.copy} ${m.refreshed ? 'refreshed' : 'made'} from ${m.source} at ${m.made_at} (${m.requests} requests, GET only)`,
    '',
    'school  teachers  pupils  groups  subscriptions  invoices  by state',
    ...m.schools.flatMap((s) => {
      const row = `${String(s.id).padEnd(6)}  ${String(s.teachers).padStart(8)}  ${String(s.pupils).padStart(6)}  ${String(s.groups).padStart(6)}  ${String(s.subscriptions).padStart(13)}  ${String(s.invoices).padStart(8)}  `;
      const states = Object.entries(s.invoices_by_state)
        .map(([k, v]) => `${k}${KEEP}${v}`)
        .join(', ');
      if (width === undefined || row.length + states.length <= width) return [`${row}${states}`];
      // The states go on under their column, or on lines of their own where the column leaves too little room.
      const room = width - row.length;
      if (room >= 20) return wrap(states, room).map((l, i) => `${i === 0 ? row : ' '.repeat(row.length)}${l}`);
      return [row.trimEnd(), ...wrap(states, width - 4).map((l) => `    ${l}`)];
    }),
    '',
    `Rows: ${Object.entries(m.tables)
      .map(([k, v]) => `${k}${KEEP}${v}`)
      .join(', ')}`,
    m.stubs.length === 0
      ? 'Stubs: none (nothing points outside the chosen schools)'
      : `Stubs (${m.stubs.length}, rows that stand for records outside the chosen schools):`,
    ...m.stubs.map((s) => `  ${s.table} ${s.id}  (${s.from})`),
    `Pseudonymised: ${m.fields.pseudonymised.join(', ')}`,
    `Dropped: ${m.fields.dropped.join(', ')}`,
    `Not copied (${m.not_copied.length}; the copy has none of these, whatever production holds):`,
    ...m.not_copied.map((n) => `  ${n.table}: ${n.what}; ${n.why}`),
    `Sign in to the copy as superuser, password sandbox: ${['edshed', 'sandbox', 'start', '--db', m.copy].join(KEEP)}`,
  ];
  const whole = (text: string): string => text.replaceAll(KEEP, ' ');
  if (width === undefined) return `${whole(lines.join('\n'))}\n`;
  // Any other long line wrapped at spaces, its further lines two spaces further in than it starts.
  return `${wrapLines(lines, width).map(whole).join('\n')}\n`;
}
