/**
 * The endpoint table: every operation of the platform API, declared once, one file per area.
 * Client methods, CLI commands, sandbox routes and `edshed endpoints` are all derived from it.
 */
import type { Endpoint } from './define.js';
import { buildTable } from './table.js';
import { AREA_REACH } from './reach.js';
import { siteArea } from './site.js';
import { authArea } from './auth.js';
import { avatarArea } from './avatar.js';
import { writingArea } from './writing.js';
import { listsArea } from './lists.js';
import { spellingSessionsArea } from './spelling-sessions.js';
import { numberArea } from './number.js';
import { quizSessionsArea } from './quiz-sessions.js';
import { curriculaResourcesArea } from './curricula-resources.js';
import { towerGameArea } from './tower-game.js';
import { lessonsArea } from './lessons.js';
import { questionSetsArea } from './question-sets.js';
import { notesArea } from './notes.js';
import { dictionaryArea } from './dictionary.js';
import { phonicsArea } from './phonics.js';
import { pupilReportsArea } from './pupil-reports.js';
import { grammarArea } from './grammar.js';
import { learnerOtherArea } from './learner-other.js';
import { quizQuestionsArea } from './quiz-questions.js';
import { schoolArea } from './school.js';
import { paymentsArea } from './payments.js';
import { rosteringArea } from './rostering.js';
import { pupilsArea } from './pupils.js';
import { groupsArea } from './groups.js';
import { homeworkArea } from './homework.js';
import { hivesLeaguesArea } from './hives-leagues.js';
import { teachersUsersArea } from './teachers-users.js';
import { schoolSubscriptionsArea } from './school-subscriptions.js';
import { subscriptionCatalogueArea } from './subscription-catalogue.js';
import { superuserBillingArea } from './superuser-billing.js';
import { districtsArea } from './districts.js';
import { rewardsArea } from './rewards.js';
import { deletedUsersArea } from './deleted-users.js';
import { salesReportingArea } from './sales-reporting.js';
import { countriesArea } from './countries.js';
import { storeArea } from './store.js';
import { vatArea } from './vat.js';
import { systemArea } from './system.js';

/** Every area definition, in the order of endpoints.tsv. */
export const AREAS = [
  siteArea,
  authArea,
  avatarArea,
  writingArea,
  listsArea,
  spellingSessionsArea,
  numberArea,
  quizSessionsArea,
  curriculaResourcesArea,
  towerGameArea,
  lessonsArea,
  questionSetsArea,
  notesArea,
  dictionaryArea,
  phonicsArea,
  pupilReportsArea,
  grammarArea,
  learnerOtherArea,
  quizQuestionsArea,
  schoolArea,
  paymentsArea,
  rosteringArea,
  pupilsArea,
  groupsArea,
  homeworkArea,
  hivesLeaguesArea,
  teachersUsersArea,
  schoolSubscriptionsArea,
  subscriptionCatalogueArea,
  superuserBillingArea,
  districtsArea,
  rewardsArea,
  deletedUsersArea,
  salesReportingArea,
  countriesArea,
  storeArea,
  vatArea,
  systemArea,
] as const;

/** All entries keyed by command, with their literal types (the source of the client's method types). */
export type EndpointEntries = (typeof siteArea)['entries'] &
  (typeof authArea)['entries'] &
  (typeof avatarArea)['entries'] &
  (typeof writingArea)['entries'] &
  (typeof listsArea)['entries'] &
  (typeof spellingSessionsArea)['entries'] &
  (typeof numberArea)['entries'] &
  (typeof quizSessionsArea)['entries'] &
  (typeof curriculaResourcesArea)['entries'] &
  (typeof towerGameArea)['entries'] &
  (typeof lessonsArea)['entries'] &
  (typeof questionSetsArea)['entries'] &
  (typeof notesArea)['entries'] &
  (typeof dictionaryArea)['entries'] &
  (typeof phonicsArea)['entries'] &
  (typeof pupilReportsArea)['entries'] &
  (typeof grammarArea)['entries'] &
  (typeof learnerOtherArea)['entries'] &
  (typeof quizQuestionsArea)['entries'] &
  (typeof schoolArea)['entries'] &
  (typeof paymentsArea)['entries'] &
  (typeof rosteringArea)['entries'] &
  (typeof pupilsArea)['entries'] &
  (typeof groupsArea)['entries'] &
  (typeof homeworkArea)['entries'] &
  (typeof hivesLeaguesArea)['entries'] &
  (typeof teachersUsersArea)['entries'] &
  (typeof schoolSubscriptionsArea)['entries'] &
  (typeof subscriptionCatalogueArea)['entries'] &
  (typeof superuserBillingArea)['entries'] &
  (typeof districtsArea)['entries'] &
  (typeof rewardsArea)['entries'] &
  (typeof deletedUsersArea)['entries'] &
  (typeof salesReportingArea)['entries'] &
  (typeof countriesArea)['entries'] &
  (typeof storeArea)['entries'] &
  (typeof vatArea)['entries'] &
  (typeof systemArea)['entries'];

/** A command name of the table (`invoices mark-paid`). */
export type EndpointName = keyof EndpointEntries & string;

/** A route of the table (`POST superuser/invoices/{id}/paid`). */
export type EndpointRoute = EndpointEntries[EndpointName]['route'];

/** Every entry keyed by its route, with its literal type (what a sandbox handler of that route is typed from). */
export type EndpointByRoute = { [K in EndpointName as EndpointEntries[K]['route']]: EndpointEntries[K] };

/** The entry of a route (`EntryOfRoute<'POST superuser/invoices/{id}/paid'>` is the `invoices mark-paid` entry). */
export type EntryOfRoute<R extends EndpointRoute> = EndpointByRoute[R];

/** The assembled table, in the order of endpoints.tsv areas. */
export const ENDPOINTS: readonly Endpoint[] = buildTable(AREAS, AREA_REACH);

export * from './define.js';
export { buildTable, camelCase, parseRoute } from './table.js';
export {
  compileRoute,
  compileSegment,
  pathParams,
  routePattern,
  type FixedValues,
  type RoutePattern,
  type SegmentKind,
  type SegmentPattern,
} from './route-pattern.js';
export { AREA_REACH, DEFAULT_REACH } from './reach.js';
