/**
 * The text forms of dates in replies, shared by the reply schemas (`schema.ts`) and the OpenAPI document
 * (`core/openapi/`): a calendar day, and a day with an optional time of day and offset.
 */
export const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
