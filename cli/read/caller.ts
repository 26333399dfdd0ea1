/**
 * Who the token belongs to, as far as the table's roles go: read once (`GET users/me`), so a command can
 * call only the routes the caller's role may call, and say what it leaves out, instead of meeting a 403.
 */
import type { Role } from '../../core/endpoints/define.js';
import { holdsRole as holdsTableRole } from '../../core/endpoints/roles.js';
import type { ApiMethods } from '../../core/endpoints/methods.js';
import type { StoredCaller } from '../../core/node/config-store.js';
import { meUser, type MeUser } from './records.js';

/**
 * The facts of `users/me` the roles are made of (as stored beside a token at sign-in, core/node/config-store.ts),
 * with the username, and where they were read: `users/me` now, or the sign-in (`edshed login`).
 */
export type Caller = StoredCaller & { readonly username: string | null; readonly from?: 'users/me' | 'sign-in' };

/**
 * The caller from a `users/me` answer's user.
 *
 * @example
 * callerOf({ id: 1, username: 'admin', kind: 'teacher', school: { id: 1, admin: true } }) // { ..., school: { id: 1, admin: true } }
 */
export function callerOf(
  user: Pick<MeUser, 'username' | 'superuser' | 'employee' | 'kind' | 'school' | 'district_id'>,
): Caller {
  const schoolId = Number(user.school?.id);
  return {
    username: user.username ?? null,
    superuser: user.superuser === true,
    employee: user.employee === true,
    kind: user.kind ?? null,
    school: user.school && Number.isSafeInteger(schoolId) ? { id: schoolId, admin: user.school.admin === true } : null,
    districtId: user.district_id ?? null,
  };
}

/**
 * Reads the caller (`GET users/me`).
 *
 * @example
 * const caller = await readCaller(await c.api());
 */
export async function readCaller(api: ApiMethods): Promise<Caller> {
  return { ...callerOf(await meUser((await api.me.show()).data)), from: 'users/me' };
}

/**
 * The caller as the sign-in found them, when the token in use is the one `edshed login` stored with
 * them; else undefined (a token from EDSHED_TOKEN or --token, or a sign-in before the facts were kept).
 *
 * @example
 * const caller = signedInCaller(await c.connection()) ?? (await readCaller(api));
 */
export function signedInCaller(connection: {
  readonly username?: string | undefined;
  readonly caller?: StoredCaller | undefined;
}): Caller | undefined {
  return connection.caller === undefined
    ? undefined
    : { ...connection.caller, username: connection.username ?? null, from: 'sign-in' };
}

/**
 * Whether the caller holds a role of the table (core/endpoints/roles.ts, the sandbox's check too); the
 * admin flag is of the school they manage.
 *
 * @example
 * holdsRole(caller, 'superuser') // false for a school admin
 */
export function holdsRole(caller: Caller, role: Role): boolean {
  return holdsTableRole({ ...caller, admin: caller.school?.admin === true }, role);
}
