import { ApiError } from '../../../core/api/errors/index.js';
import { CliError, EXIT } from '../../errors/cli-error.js';
import type { Factory } from '../../factory/factory.js';
import { checkedAnswer } from '../../read/records.js';
import { describeSchool, type SchoolTarget } from './school-target.js';

/** A group (class) new pupils join. */
export interface GroupTarget {
  readonly id: number;
  readonly name: string;
}

/**
 * Reads the group before anything is written: it must exist and belong to the school the pupils go to.
 * Otherwise exit 1 (a read was sent, so not 2), saying what the read answered; nothing is written.
 *
 * @example
 * const group = await targetGroup(c, 5, school); // { id: 5, name: 'Class 3' }
 */
export async function targetGroup(c: Factory, id: number, school: SchoolTarget): Promise<GroupTarget> {
  const response = await (await c.api()).groups.show({ id }).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404)
      throw new CliError(
        `--group ${id}: no such group (GET users/me/school/groups/${id} answered 404); nothing was written`,
        EXIT.requestFailed,
      );
    throw error;
  });
  const { group } = await checkedAnswer('groups show', response, `GET users/me/school/groups/${id}`);
  if (group.school_id !== school.schoolId) {
    throw new CliError(
      `--group ${id}: ${group.name} is a group of school ${group.school_id}, not of ${describeSchool(school)} (read GET users/me/school/groups/${id}); nothing was written`,
      EXIT.requestFailed,
    );
  }
  return { id: group.id, name: group.name };
}
