import { z } from 'zod';
import { RelationshipError } from './relationship-error.js';

export const RELATIONSHIP_FLAGS = [
  'isMe',
  'isTeacher',
  'isAdmin',
  'isAdminOfTeacher',
  'isPupil',
  'isPupilOfAdmin',
  'isEmployee',
  'sameClass',
  'sameSchool',
] as const;
export type RelationshipFlag = (typeof RELATIONSHIP_FLAGS)[number];

const userId = z.union([z.number().int(), z.string().min(1)]);

/**
 * How user A (the asker, usually the signed-in user) stands towards user B (L §4), as
 * `GET users/me/users/{id}` answers it. A flag the server leaves out stays undefined: a question that needs
 * it then cannot be evaluated.
 */
export const RELATIONSHIP_SCHEMA = z.object({
  userId,
  otherUserId: userId,
  ...(Object.fromEntries(RELATIONSHIP_FLAGS.map((flag) => [flag, z.boolean().optional()])) as Record<
    RelationshipFlag,
    z.ZodOptional<z.ZodBoolean>
  >),
});
export type Relationship = z.infer<typeof RELATIONSHIP_SCHEMA>;

/**
 * Validates relationship data from the API.
 *
 * @example
 * const rel = parseRelationship({ userId: 1, otherUserId: 2, isTeacher: true });
 */
export function parseRelationship(input: unknown): Relationship {
  return RELATIONSHIP_SCHEMA.parse(input);
}

/** The flags, read only when the question is about B; every flag the rule names must be present. */
function flagsAbout<F extends RelationshipFlag>(
  rel: Relationship,
  about: string | number,
  needed: readonly F[],
): Record<F, boolean> {
  if (String(about) !== String(rel.otherUserId)) {
    if (String(about) === String(rel.userId)) {
      throw new RelationshipError(
        'cannot-evaluate',
        about,
        `The relationship describes user ${rel.userId} towards ${rel.otherUserId}, not towards itself`,
      );
    }
    throw new RelationshipError(
      'not-in-relationship',
      about,
      `User ${about} is not part of the relationship between ${rel.userId} and ${rel.otherUserId}`,
    );
  }
  const missing = needed.filter((flag) => rel[flag] === undefined);
  if (missing.length > 0) {
    throw new RelationshipError('cannot-evaluate', about, `The relationship does not say ${missing.join(', ')}`);
  }
  return Object.fromEntries(needed.map((flag) => [flag, rel[flag] === true])) as Record<F, boolean>;
}

/**
 * "Admin of B holds if A is B's admin, or A is a pupil-of-admin or employee of B" (L §4).
 *
 * @example
 * isAdminOf({ userId: 1, otherUserId: 2, isAdmin: false, isPupilOfAdmin: false, isEmployee: true }, 2) // true
 */
export function isAdminOf(rel: Relationship, userId: string | number): boolean {
  const f = flagsAbout(rel, userId, ['isAdmin', 'isPupilOfAdmin', 'isEmployee']);
  return f.isAdmin || f.isPupilOfAdmin || f.isEmployee;
}

/**
 * "Teacher of B holds if A is B's teacher" (L §4).
 *
 * @example
 * isTeacherOf({ userId: 1, otherUserId: 2, isTeacher: true }, 2) // true
 */
export function isTeacherOf(rel: Relationship, userId: string | number): boolean {
  return flagsAbout(rel, userId, ['isTeacher']).isTeacher;
}

/**
 * "Pupil of B holds if A is B's teacher or an admin who is not the teacher's admin" (L §4), worded as the
 * spec words it: true when B is one of A's pupils through teaching or through administration.
 *
 * @example
 * isPupilOf({ userId: 1, otherUserId: 2, isTeacher: false, isAdmin: true, isAdminOfTeacher: false }, 2) // true
 */
export function isPupilOf(rel: Relationship, userId: string | number): boolean {
  const f = flagsAbout(rel, userId, ['isTeacher', 'isAdmin', 'isAdminOfTeacher']);
  return f.isTeacher || (f.isAdmin && !f.isAdminOfTeacher);
}
