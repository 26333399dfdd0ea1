// Checked by `tsc --noEmit`: the client's replies are typed from the shapes the table declares.
import type { bindEndpoints } from '../../../core/endpoints/methods.js';
import type { InvoiceState } from '../../../core/domain/billing.js';

declare const api: ReturnType<typeof bindEndpoints>;

const paid = await api.invoices.markPaid({ id: 2, method: 'bacs', date: '2026-11-02' });
const state: InvoiceState = paid.data.invoice.state;
const subscription: number | null = paid.data.invoice.subscription_id;
const changed: boolean = paid.data.changed;
// @ts-expect-error an invoice has no such field
const nope: unknown = paid.data.invoice.nope;

const page = await api.invoices.list();
const total: number = page.data.total;
const first: number | undefined = page.data.invoices[0]?.total;

export { state, subscription, changed, nope, total, first };

// Every entry is typed now: a school, the signed-in user, a generic record (open: stored keys are JSON).
const school = await api.schools.show({ id: 1 });
const schoolName: string = school.data.school.name;
const region: string | null = school.data.school.region;
const me = await api.me.show();
const kind: 'pupil' | 'teacher' | 'parent' | 'district' | 'staff' | 'learner' = me.data.user.kind;
const schoolOfMe: string | undefined = me.data.user.school?.name;
const list = await api.lists.show({ id: 12 });
const listId: number = list.data.list.id;
// @ts-expect-error a school has no such field
const noField: unknown = school.data.school.nope;

export { schoolName, region, kind, schoolOfMe, listId, noField };

// A reply that varies with a query flag is typed as either form: a school, or a register entry.
const found = await api.schools.list({ dfe_schools: true });
const entry = found.data.schools[0];
const foundName: string | undefined = entry?.name;
const urn: number | undefined = entry !== undefined && 'urn' in entry ? entry.urn : undefined;
// @ts-expect-error a register entry has no region, so the union has none in common
const noRegion: unknown = entry?.region;

export { foundName, urn, noRegion };
