import type { DomainContext } from '../context.js';
import { requireUser, superuserMay } from '../../kit/reach.js';
import { serializeSchool } from './serialize.js';
import { all, one, sqlList } from '../../kit/sql.js';
import type { SchoolRow } from './rows.js';
import { containsText } from '../../kit/search.js';
import type { Row } from '../../db/rows.js';
import { RUNNING_SUBSCRIPTION_STATES } from '../../../core/domain/billing.js';

const LIMIT = 50;

/** Subscriptions that give a school access today (states of sandbox/billing's subscription lifecycle). */
const LIVE_STATES = sqlList(RUNNING_SUBSCRIPTION_STATES);

type RegisterRow = Row<'register_schools'>;

/** What a school search asks for. */
export interface SchoolSearch {
  /** Part of a name (or of a register entry's town or postcode); blank or absent matches every school. */
  readonly q?: string | undefined;
  /** Only schools with a live subscription. */
  readonly subscribed?: boolean | undefined;
  /** Search the government register instead of the sandbox's schools. */
  readonly dfeSchools?: boolean | undefined;
  /** The page asked for; absent: the first 50. */
  readonly page?: { readonly skip: number; readonly take: number } | undefined;
}

/**
 * `GET schools`: search by name (`q`), only schools with a live subscription (`subscribed`), or the
 * government register of schools (`dfe_schools`) that a teacher picks from when signing their school up.
 * Join codes are shown to superusers only: anyone signed in may search.
 *
 * @example
 * schoolSearch(ctx, { q: 'oak' }) // { schools: [{ id: 1, name: 'Oakfield Primary School', ... }], total: 1 }
 * // At most 50 schools are shown; `total` counts every match.
 */
export function schoolSearch(ctx: DomainContext, search: SchoolSearch): Record<string, unknown> {
  const user = requireUser(ctx);
  const q = search.q?.trim() ?? '';
  const { skip, take } = search.page ?? { skip: 0, take: LIMIT };
  if (search.dfeSchools === true) {
    const rows = all<RegisterRow>(
      ctx.db,
      // A postcode is found written with or without its space; a URN by the whole number.
      `SELECT * FROM register_schools WHERE ${containsText('name')} OR ${containsText('town')} OR ${containsText("replace(postcode, ' ', '')")} OR CAST(urn AS TEXT) = ?
       ORDER BY name LIMIT ? OFFSET ?`,
      q,
      q,
      q.replace(/ /g, ''),
      q,
      take,
      skip,
    );
    const schools = rows.map((r) => ({
      urn: r.urn,
      name: r.name,
      town: r.town,
      postcode: r.postcode,
      country: r.country,
      school_id: r.school_id,
      registered: r.school_id !== null,
    }));
    return { schools, total: schools.length };
  }
  const subscribed = search.subscribed === true;
  const where = `s.deleted_at IS NULL AND ${containsText('s.name')}
     ${subscribed ? `AND EXISTS (SELECT 1 FROM subscriptions b WHERE b.school_id = s.id AND b.deleted_at IS NULL AND b.state IN ${LIVE_STATES})` : ''}`;
  const rows = all<SchoolRow>(
    ctx.db,
    `SELECT s.* FROM schools s WHERE ${where} ORDER BY s.name, s.id LIMIT ? OFFSET ?`,
    q,
    take,
    skip,
  );
  // Every match is counted, not only those shown, so a client can say that the search shows part of them.
  const total =
    skip === 0 && rows.length < take
      ? rows.length
      : (one<{ n: number }>(ctx.db, `SELECT COUNT(*) AS n FROM schools s WHERE ${where}`, q)?.n ?? rows.length);
  const schools = rows.map((row) => {
    const json = serializeSchool(row);
    return superuserMay(user, 'see join codes') ? json : { ...json, code: undefined, integrations: undefined };
  });
  return { schools, total };
}
