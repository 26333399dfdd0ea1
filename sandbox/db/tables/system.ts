/** Reference data, logs and the machinery tables (025 on), then the read models (sandbox/db/fast/read-models.ts). */
import type { CONTENT_BLOCK_TYPES } from '../../../core/domain/accounts.js';
import { blob, int, intOrNull, real, text, textOf, textOrNull, type Column } from './columns.js';
import type { Currency } from '../../domain/pricing/money.js';

export const SYSTEM_TABLES = {
  // reference data, e-mail and error logs (025)
  countries: { code: text, name: text, currency: textOf<Currency>(), vat_rate: real, eu: int, updated_at: text },
  country_zones: { id: int, country_code: text, code: text, name: text },
  vat_checks: { id: int, school_id: int, vat_number: text, country: textOrNull, valid: int, checked_at: text },
  school_vat_countries: { school_id: int, country_code: text },
  email_logs: {
    id: int,
    recipient: text,
    subject: text,
    template: text,
    status: textOf<'queued' | 'delivered' | 'opened' | 'bounced' | 'failed'>(),
    school_id: intOrNull,
    user_id: intOrNull,
    resent_from: intOrNull,
    storage: textOrNull,
    sent_at: text,
  },
  email_suppressions: { email: text, reason: text, created_at: text },
  system_errors: {
    id: int,
    source: text,
    message: text,
    stack: textOrNull,
    url: textOrNull,
    user_id: intOrNull,
    data: text,
    created_at: text,
  },
  // write log (028), resource blocks (030), signing keys (040)
  write_log: { id: int, route: text, target: text, count: int },
  resource_blocks: {
    resource_id: int,
    position: int,
    type: textOf<(typeof CONTENT_BLOCK_TYPES)[number]>(),
    value: text,
  },
  signing_keys: { purpose: text, secret: blob, created_at: text },
  // read models (sandbox/db/fast/read-models.ts: rebuilt from the tables above)
  read_model_versions: { name: text, fingerprint: text },
  cache_versions: { name: text, version: int },
  pupil_docs: {
    school_id: int,
    active: int,
    last_name: text,
    first_name: text,
    user_id: int,
    school_username: textOrNull,
    doc: text,
  },
  invoice_docs: { id: int, doc: text },
  row_counts: { name: text, count: int },
} as const satisfies Record<string, Record<string, Column<unknown>>>;
