/**
 * The rostering providers of the sandbox. The spec writes them as placeholders, `{roster_a}` to
 * `{roster_d}` ("school-data rostering providers", unnamed), and several rows differ only in which
 * placeholder they use (`POST users/me/school/link{roster_a}` ... `link{roster_d}`). The sandbox gives each
 * placeholder one provider name, so every row has paths of its own: `POST users/me/school/linkwonde` is
 * the roster_a row, `POST oneroster/auth` the roster_d row (which takes `domain` where the others take
 * `subdomain`). Any other name where a placeholder stands is a 404 that lists these names.
 *
 * Links are stored per provider name, the same key as the `{school_system}` routes use, so
 * `POST schools/{id}/setcleverid` and `DELETE schools/{id}/setcleverid` (the roster_b row) act on one
 * link. `oneroster` is the roster_d provider; the `one-roster/{x}` routes keep their own links,
 * `one-roster/<x>`, one per OneRoster vendor.
 */
export const ROSTER_PROVIDERS = {
  roster_a: 'wonde',
  roster_b: 'clever',
  roster_c: 'classlink',
  roster_d: 'oneroster',
} as const;

export type RosterPlaceholder = keyof typeof ROSTER_PROVIDERS;

/**
 * The school systems of the sandbox, where the spec writes `{school_system}` (unnamed): the same provider
 * names as the placeholders', since a link is kept per provider name whichever route made it. A request
 * naming another is 404, as a missing record is.
 */
export const SCHOOL_SYSTEMS: readonly string[] = Object.values(ROSTER_PROVIDERS);

/** The OneRoster vendors of the sandbox (`one-roster/{x}/...`): the seed links school 3 through `generic`. */
export const ONE_ROSTER_VENDORS: readonly string[] = ['generic'];
