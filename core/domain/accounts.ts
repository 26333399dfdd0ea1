/**
 * Kinds of account and the states of records the platform keeps about them (the spec shows none of these
 * values: they are our choice, and the sandbox's schema enforces exactly these).
 */

/** What kind of account a user is (`staff` for superusers and sales staff, `learner` for anonymous players). */
export const USER_KINDS = ['pupil', 'teacher', 'parent', 'district', 'staff', 'learner'] as const;
export type UserKind = (typeof USER_KINDS)[number];

/** A school's link with a rostering provider: requested by the school, linked, active, or switched off. */
export const ROSTER_LINK_STATES = ['requested', 'linked', 'active', 'inactive'] as const;
export type RosterLinkState = (typeof ROSTER_LINK_STATES)[number];

/** A background job's states. */
export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** Whether a literacy resource is free to all or for members (a school with a live literacy subscription). */
export const RESOURCE_AVAILABILITY = ['free', 'members'] as const;

/** A user's access to the members' literacy resources, from their school's subscriptions: full, or a trial's (null: none). */
export const LITERACY_ACCESS_LEVELS = ['full', 'trial'] as const;
export type LiteracyAccessLevel = (typeof LITERACY_ACCESS_LEVELS)[number];

/** The kinds of a resource's file: a planning pack, teaching slides, a worksheet, or any other document. */
export const RESOURCE_FILE_KINDS = ['planning', 'slides', 'worksheet', 'document'] as const;
export type ResourceFileKind = (typeof RESOURCE_FILE_KINDS)[number];

/** The kinds of a resource's content block: HTML to sanitise, or plain text. */
export const CONTENT_BLOCK_TYPES = ['html', 'plain'] as const;

/** A sent email's delivery status, and why an address is suppressed. */
export const EMAIL_STATUSES = ['queued', 'delivered', 'opened', 'bounced', 'failed'] as const;
export const SUPPRESSION_REASONS = ['bounce', 'complaint'] as const;

/** Where a logged error came from. */
export const ERROR_SOURCES = ['server', 'client'] as const;
