/** The action form of a dashboard row (mark an invoice promised or paid): its fields and steps, pure. */
import { PAYMENT_METHODS } from '../../../core/domain/billing.js';
import type { ActRequest } from '../../dash/spec.js';

export interface FormField {
  readonly name: string;
  readonly value: string;
  /** A field picked from a list with the arrow keys (the payment method). */
  readonly choices?: readonly string[] | undefined;
}

export interface ActionForm {
  readonly action: ActRequest['action'];
  readonly id: number;
  /** How the row is named to the user (`INV-000004`). */
  readonly label: string;
  readonly fields: readonly FormField[];
  /** The field being typed. */
  readonly index: number;
  readonly stage: 'edit' | 'confirm' | 'sending';
  readonly error?: string | undefined;
}

/**
 * A new form: promised asks for the reference; paid for the method (a choice) and the date (today).
 *
 * @example
 * openForm('paid', 4, 'INV-000004', '2026-11-24').fields // [{ name: 'method', value: 'bacs', choices }, { name: 'date', value: '2026-11-24' }]
 */
export function openForm(action: ActRequest['action'], id: number, label: string, today: string): ActionForm {
  const fields: FormField[] =
    action === 'promised'
      ? [{ name: 'reference', value: '' }]
      : [
          { name: 'method', value: PAYMENT_METHODS[0], choices: PAYMENT_METHODS },
          { name: 'date', value: today },
        ];
  return { action, id, label, fields, index: 0, stage: 'edit' };
}

const editField = (form: ActionForm, change: (field: FormField) => FormField): ActionForm => ({
  ...form,
  error: undefined,
  fields: form.fields.map((field, i) => (i === form.index ? change(field) : field)),
});

/** Backspace as a terminal sends it: DEL, or ^H. */
const ERASE = new Set(['\x7f', '\b']);

/**
 * Text as typed into a value, one character at a time: a Backspace (DEL or ^H) takes the last character
 * off, line breaks are dropped. Keys typed quickly (or pasted) arrive in one read, Backspaces among them.
 *
 * @example
 * typedText('PO 44', '7\x7f\x7f1') // 'PO 41'
 */
export function typedText(value: string, typed: string): string {
  const chars = [...value];
  for (const ch of typed) {
    if (ERASE.has(ch)) chars.pop();
    else if (ch !== '\r' && ch !== '\n') chars.push(ch);
  }
  return chars.join('');
}

/** Typed text goes into the field being edited (not into a choice), Backspaces in it erasing. */
export const typeInto = (form: ActionForm, text: string): ActionForm =>
  editField(form, (f) => (f.choices ? f : { ...f, value: typedText(f.value, text) }));

export const eraseFrom = (form: ActionForm): ActionForm => typeInto(form, '\x7f');

/** The arrow keys move through a choice field's values, round the ends. */
export const choose = (form: ActionForm, delta: number): ActionForm =>
  editField(form, (f) => {
    if (!f.choices || f.choices.length === 0) return f;
    const at = f.choices.indexOf(f.value);
    return { ...f, value: f.choices[(at + delta + f.choices.length) % f.choices.length] as string };
  });

/** Enter: the next field, or after the last the confirmation; an empty field stays, saying it is needed. */
export function nextField(form: ActionForm): ActionForm {
  const field = form.fields[form.index];
  if (field !== undefined && field.value.trim() === '') return { ...form, error: `${field.name} is needed` };
  return form.index + 1 < form.fields.length ? { ...form, index: form.index + 1 } : { ...form, stage: 'confirm' };
}

/**
 * The request a confirmed form sends.
 *
 * @example
 * formRequest(form) // { action: 'promised', id: 4, details: { reference: 'PO 4471' } }
 */
export function formRequest(form: ActionForm): ActRequest {
  return {
    action: form.action,
    id: form.id,
    details: Object.fromEntries(form.fields.map((f) => [f.name, f.value.trim()])),
  };
}

/** The confirmation question: `Mark INV-000004 promised (reference "PO 4471")? y/n`. */
export function confirmQuestion(form: ActionForm): string {
  return `Mark ${form.label} ${form.action} (${form.fields.map((f) => `${f.name} "${f.value.trim()}"`).join(', ')})? y/n`;
}
