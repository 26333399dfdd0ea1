/** Reply shapes: the language (`define.ts`), the resources declared in it, and the schemas built from them. */
export {
  byFlag,
  defineShape,
  either,
  inline,
  listOf,
  listItem,
  nullable,
  optional,
  shapeKeys,
  type EitherValue,
  type ObjectShape,
  type OptionalList,
  type Reply,
  type ReplyType,
  type ReplyValue,
  type ValueOf,
} from './define.js';
export { replyProblems, replySchema, type ReplyProblem, type Strictness } from './schema.js';
export { mainValue, replyFieldNames, replyFlags, replyWithFlags, tableColumns, type MainValue } from './reply.js';
export { INVOICE, INVOICE_CREDIT, INVOICE_SUMMARY, SHARED_INVOICE } from './invoice.js';
export { COUNTRY, ZONE } from './country.js';
export { GROUP, SUBGROUP } from './group.js';
export {
  GAME_SESSION,
  HOMEWORK,
  HOMEWORK_RESULTS,
  HOMEWORK_SESSIONS,
  HOMEWORK_SET,
  PLAY_SUMMARY,
  PUPIL_RESULT,
  SKILL,
} from './homework.js';
export { FEEDBACK_REWARD, HIVE, HIVE_PLAYER, LEAGUE, POINTS_LOG, REWARD_GROUP } from './league.js';
export { RECORD, RECORD_ACTION } from './record.js';
export {
  COMPETENCE_NODE,
  CONTENT_BLOCK,
  CURRICULUM_NODE,
  EXTERNAL_NODE,
  RESOURCE,
  RESOURCE_FILE,
  RESOURCE_ITEM,
  RESOURCE_TYPE,
} from './resource.js';
export { ROSTER_LINK, TENANT, TENANT_ORG } from './rostering.js';
export { DISTRICT, RETENTION_EVENT, SALES_PERSON } from './sales.js';
export { ADDRESS, MY_SCHOOL, REGISTER_SCHOOL, SCHOOL, SCHOOL_NAME } from './school.js';
export { PURCHASE, PURCHASE_LINE, STOCK_LINE, STORE_ITEM, STORE_LOCATION } from './store.js';
export {
  CANCELLATION,
  COST,
  COUPON,
  PAYMENT_METHOD,
  PLAN,
  PLAN_ACTION,
  PRODUCT,
  PUPIL_SUBSCRIPTION,
  SCOPE,
  SUBSCRIPTION,
  UPGRADE_COST,
} from './subscription.js';
export { EMAIL_LOG, ENGAGEMENT_ROW, JOB, SNAPSHOT, SUPPRESSION, SYSTEM_ERROR } from './system.js';
export { PUPIL, SESSION_USER, SIGN_IN, TEACHER, TEACHER_INVITE, USER } from './user.js';
export type * from './types.js';
