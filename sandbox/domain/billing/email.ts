import { one, oneValue, run, type Db } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';

export type EmailRow = Row<'email_logs'>;

/**
 * Logs an email the platform sends. Mail to a suppressed address is not sent (status failed), as an email
 * service drops it.
 *
 * @example
 * logEmail(db, { recipient: 'admin@oakfield.sch.uk', subject: 'Your order', template: 'store-order', schoolId: 1, userId: null }, now);
 */
export function logEmail(
  db: Db,
  mail: {
    recipient: string;
    subject: string;
    template: string;
    schoolId: number | null;
    userId: number | null;
    resentFrom?: number;
  },
  now: Date,
): EmailRow {
  const suppressed =
    one(db, 'SELECT 1 FROM email_suppressions WHERE email = ? COLLATE NOCASE', mail.recipient) !== undefined;
  const { lastInsertRowid } = run(
    db,
    'INSERT INTO email_logs (recipient, subject, template, status, school_id, user_id, resent_from, storage, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    mail.recipient,
    mail.subject,
    mail.template,
    suppressed ? 'failed' : 'delivered',
    mail.schoolId,
    mail.userId,
    mail.resentFrom ?? null,
    null,
    now.toISOString(),
  );
  const id = Number(lastInsertRowid);
  run(db, 'UPDATE email_logs SET storage = ? WHERE id = ?', `mail/${now.toISOString().slice(0, 7)}/${id}.eml`, id);
  return one<EmailRow>(db, 'SELECT * FROM email_logs WHERE id = ?', id) as EmailRow;
}

/** The address billing mail for a school goes to: its first admin's email, else a placeholder. */
export function billingAddressee(db: Db, schoolId: number): string {
  const email = oneValue<string>(
    db,
    'SELECT email FROM users WHERE school_id = ? AND admin = 1 AND email IS NOT NULL AND deleted_at IS NULL ORDER BY id LIMIT 1',
    schoolId,
  );
  return email ?? `billing+school${schoolId}@example.test`;
}
