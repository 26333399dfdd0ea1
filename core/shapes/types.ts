/** The TypeScript type of each resource as the API answers it, derived from its shape (never restated). */
import type { ValueOf } from './define.js';
import type { COUNTRY, ZONE } from './country.js';
import type { GROUP } from './group.js';
import type { GAME_SESSION, HOMEWORK, HOMEWORK_SET, PUPIL_RESULT, SKILL } from './homework.js';
import type { HIVE, LEAGUE, POINTS_LOG, REWARD_GROUP } from './league.js';
import type { INVOICE, INVOICE_SUMMARY, SHARED_INVOICE } from './invoice.js';
import type { RECORD } from './record.js';
import type { CURRICULUM_NODE, RESOURCE, RESOURCE_ITEM } from './resource.js';
import type { ROSTER_LINK, TENANT } from './rostering.js';
import type { DISTRICT, RETENTION_EVENT, SALES_PERSON } from './sales.js';
import type { ADDRESS, REGISTER_SCHOOL, SCHOOL } from './school.js';
import type { PURCHASE, STORE_ITEM, STORE_LOCATION } from './store.js';
import type {
  CANCELLATION,
  COST,
  COUPON,
  PAYMENT_METHOD,
  PLAN,
  PLAN_ACTION,
  PRODUCT,
  SCOPE,
  SUBSCRIPTION,
} from './subscription.js';
import type { EMAIL_LOG, ENGAGEMENT_ROW, JOB, SNAPSHOT, SYSTEM_ERROR } from './system.js';
import type { PUPIL, SESSION_USER, TEACHER, TEACHER_INVITE, USER } from './user.js';

export type Invoice = ValueOf<typeof INVOICE>;
export type InvoiceSummary = ValueOf<typeof INVOICE_SUMMARY>;
export type SharedInvoice = ValueOf<typeof SHARED_INVOICE>;
export type Subscription = ValueOf<typeof SUBSCRIPTION>;
export type Cost = ValueOf<typeof COST>;
export type Product = ValueOf<typeof PRODUCT>;
export type Scope = ValueOf<typeof SCOPE>;
export type Plan = ValueOf<typeof PLAN>;
export type PlanAction = ValueOf<typeof PLAN_ACTION>;
export type Coupon = ValueOf<typeof COUPON>;
export type Cancellation = ValueOf<typeof CANCELLATION>;
export type PaymentMethodRecord = ValueOf<typeof PAYMENT_METHOD>;
export type School = ValueOf<typeof SCHOOL>;
export type Address = ValueOf<typeof ADDRESS>;
export type RegisterSchool = ValueOf<typeof REGISTER_SCHOOL>;
export type SessionUser = ValueOf<typeof SESSION_USER>;
export type User = ValueOf<typeof USER>;
export type Teacher = ValueOf<typeof TEACHER>;
export type TeacherInvite = ValueOf<typeof TEACHER_INVITE>;
export type Pupil = ValueOf<typeof PUPIL>;
export type Group = ValueOf<typeof GROUP>;
export type Homework = ValueOf<typeof HOMEWORK>;
export type HomeworkSet = ValueOf<typeof HOMEWORK_SET>;
export type PupilResult = ValueOf<typeof PUPIL_RESULT>;
export type GameSession = ValueOf<typeof GAME_SESSION>;
export type Skill = ValueOf<typeof SKILL>;
export type League = ValueOf<typeof LEAGUE>;
export type Hive = ValueOf<typeof HIVE>;
export type RewardGroup = ValueOf<typeof REWARD_GROUP>;
export type PointsLog = ValueOf<typeof POINTS_LOG>;
export type Resource = ValueOf<typeof RESOURCE>;
export type ResourceItem = ValueOf<typeof RESOURCE_ITEM>;
export type CurriculumNode = ValueOf<typeof CURRICULUM_NODE>;
export type Country = ValueOf<typeof COUNTRY>;
export type Zone = ValueOf<typeof ZONE>;
export type StoreItem = ValueOf<typeof STORE_ITEM>;
export type StoreLocation = ValueOf<typeof STORE_LOCATION>;
export type Purchase = ValueOf<typeof PURCHASE>;
export type EmailLog = ValueOf<typeof EMAIL_LOG>;
export type Job = ValueOf<typeof JOB>;
export type SystemError = ValueOf<typeof SYSTEM_ERROR>;
export type Snapshot = ValueOf<typeof SNAPSHOT>;
export type EngagementRow = ValueOf<typeof ENGAGEMENT_ROW>;
export type SalesPerson = ValueOf<typeof SALES_PERSON>;
export type RetentionEvent = ValueOf<typeof RETENTION_EVENT>;
export type District = ValueOf<typeof DISTRICT>;
export type RosterLink = ValueOf<typeof ROSTER_LINK>;
export type Tenant = ValueOf<typeof TENANT>;
export type StoredRecord = ValueOf<typeof RECORD>;
