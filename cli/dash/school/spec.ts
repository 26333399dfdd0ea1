import type { ApiMethods } from '../../../core/endpoints/methods.js';
import { CliError, EXIT } from '../../errors/cli-error.js';
import type { Factory } from '../../factory/factory.js';
import { callerOf } from '../../read/caller.js';
import { meUser } from '../../read/records.js';
import type { DashSpec } from '../spec.js';
import { loadOwnSchool, loadSchoolAsSuperuser, type SchoolData } from './load.js';
import { schoolPanes } from './panes.js';

/**
 * `edshed dash school [ID]`: a superuser sees any school (ID needed); a school admin their own (ID
 * optional, another school's refused with exit 4). Asks the API who the token belongs to first.
 *
 * @example
 * const spec = await schoolSpec(c, api, 1);
 */
export async function schoolSpec(f: Factory, api: ApiMethods, id: number | undefined): Promise<DashSpec<SchoolData>> {
  const user = await meUser((await api.me.show()).data);
  const base = { name: 'school', panes: schoolPanes };
  if (user.superuser) {
    if (id === undefined)
      throw new CliError(
        'a superuser names the school: edshed dash school ID (edshed schools find NAME finds it)',
        EXIT.usage,
      );
    const caller = callerOf(user);
    return { ...base, title: `EdShed school ${id}`, load: (a) => loadSchoolAsSuperuser(a, id, f.now(), caller) };
  }
  const own = Number(user.school?.id);
  if (!Number.isSafeInteger(own) || user.school?.admin !== true)
    throw new CliError('dash school is for school admins (their own school) and superusers', EXIT.auth);
  if (id !== undefined && id !== own)
    throw new CliError(`not allowed: a school admin sees their own school (${own}), not school ${id}`, EXIT.auth);
  return { ...base, title: `EdShed school ${own}`, load: (a) => loadOwnSchool(a, own, f.now()) };
}
