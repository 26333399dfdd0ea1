import type { JobKind } from '../../kit/jobs.js';
import { ENGAGEMENT_JOB, engagementJob } from './engagement.js';
import { PLAN_ACTION_JOB, planActionJob } from '../subscriptions/plan-actions.js';

/** The background job kinds of the billing areas; the server hands them to its job runner. */
export const BILLING_JOB_KINDS: Readonly<Record<string, JobKind>> = {
  [ENGAGEMENT_JOB]: engagementJob,
  [PLAN_ACTION_JOB]: planActionJob,
};
