/**
 * Every school-administration handler map in one object, for handlers/index.ts to spread over the
 * generic handlers: school, pupils, groups, teachers and users, homework, hives and leagues, districts,
 * rewards, deleted users, rostering, and the resource reads of curricula-resources (with the site's search).
 */
import type { PartialHandlerMap } from '../kit/handler.js';
import { curriculaResourcesHandlers } from './curricula-resources.js';
import { deletedUsersHandlers } from './deleted-users.js';
import { districtsHandlers } from './districts.js';
import { groupsHandlers } from './groups.js';
import { hivesLeaguesHandlers } from './hives-leagues.js';
import { homeworkHandlers } from './homework.js';
import { pupilsHandlers } from './pupils.js';
import { rewardsHandlers } from './rewards.js';
import { rosteringHandlers } from './rostering.js';
import { schoolHandlers } from './school.js';
import { teachersUsersHandlers } from './teachers-users.js';

export const schoolAdminHandlers = {
  ...schoolHandlers,
  ...pupilsHandlers,
  ...groupsHandlers,
  ...teachersUsersHandlers,
  ...deletedUsersHandlers,
  ...homeworkHandlers,
  ...hivesLeaguesHandlers,
  ...rewardsHandlers,
  ...districtsHandlers,
  ...rosteringHandlers,
  ...curriculaResourcesHandlers,
} satisfies PartialHandlerMap;
