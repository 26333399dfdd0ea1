/** The school as the API answers it, and the small objects that hang off it (its addresses). */
import { defineShape, nullable } from './define.js';

/**
 * A school. `code` is its join code (null when it has none); `settings` and `integrations` are the school's
 * own JSON. Where one school is shown the counts come too; in the caller's list of schools, whether they are
 * its admin and whether it is their current school. The platform-wide list (superusers) leaves out the join
 * code and integrations.
 */
export const SCHOOL = defineShape(
  'school',
  {
    id: 'serial',
    name: 'string',
    code: { kind: 'string', nullable: true, optional: true },
    country: 'string',
    region: nullable('string'),
    locale: 'string',
    account_region: 'string',
    district_id: nullable('serial'),
    settings: 'object',
    integrations: 'object?',
    created_at: 'date',
    pupil_count: 'int?',
    teacher_count: 'int?',
    group_count: 'int?',
    admin: 'boolean?',
    current: 'boolean?',
  },
  {
    summary: 'A school: its name, join code, country, region, locale and settings',
    columns: ['id', 'name', 'code', 'country', 'region', 'district_id'],
    keys: [{ field: 'name', phrase: 'named' }],
    priority: { district_id: 3, region: 2 },
  },
);

/** The school a signed-in user belongs to, as `users/me` shows it, with the user's place in it. */
export const MY_SCHOOL = defineShape(
  'my_school',
  {
    id: 'serial',
    name: 'string',
    country: 'string',
    region: nullable('string'),
    locale: 'string',
    account_region: 'string',
    district_id: nullable('serial'),
    settings: 'object',
    teacher: 'boolean',
    admin: 'boolean',
  },
  {
    summary: "The signed-in user's school, with whether they teach there and are its admin",
    columns: ['id', 'name', 'country', 'teacher', 'admin'],
  },
);

/** A school as a search result names it. */
export const SCHOOL_NAME = defineShape(
  'school_name',
  { id: 'serial', name: 'string', country: 'string' },
  { summary: 'A school found by a search: its id, name and country', columns: ['id', 'name', 'country'] },
);

/**
 * An entry of the government register of schools (`GET schools?dfe_schools=true`): a school a teacher may
 * pick when signing theirs up, `school_id` the platform's school once one signed up (`registered`).
 */
export const REGISTER_SCHOOL = defineShape(
  'register_school',
  {
    urn: 'int',
    name: 'string',
    town: 'string',
    postcode: 'string',
    country: 'string',
    school_id: nullable('serial'),
    registered: 'boolean',
  },
  {
    summary: 'A school of the government register, and the platform school it signed up as',
    columns: ['urn', 'name', 'town', 'postcode', 'registered'],
    // A bare number is an id everywhere, so a URN is written with its name (`URN 100001`); a postcode by its UK form.
    keys: [
      { field: 'urn', phrase: 'with URN', form: 'URN[: ]?\\s*(\\d{5,7})' },
      { field: 'postcode', phrase: 'with postcode', form: '[A-Z]{1,2}\\d[A-Z\\d]? ?\\d[A-Z]{2}' },
    ],
  },
);

/** An address of a school (billing, delivery...), `default` for the one used when none is named. */
export const ADDRESS = defineShape(
  'address',
  {
    id: 'serial',
    school_id: 'serial',
    addressType: 'string',
    // What the school sent: an object of address lines, or one line of text (`POST addresses` takes either).
    address: 'json',
    default: 'boolean',
    created_at: 'date',
    updated_at: 'date',
  },
  {
    summary: 'An address of a school: its type, the postal address, and whether it is the default',
    columns: ['id', 'school_id', 'addressType', 'default'],
    priority: { school_id: 3 },
  },
);
