import { describe, expect, it } from 'vitest';
import {
  RELATIONSHIP_FLAGS,
  isAdminOf,
  isPupilOf,
  isTeacherOf,
  parseRelationship,
  type Relationship,
  type RelationshipFlag,
} from '../../../core/domain/relationship.js';
import { RelationshipError } from '../../../core/domain/relationship-error.js';

const A = 1;
const B = 2;

/** A relationship with every flag false except those named. */
function rel(...on: RelationshipFlag[]): Relationship {
  return {
    userId: A,
    otherUserId: B,
    ...Object.fromEntries(RELATIONSHIP_FLAGS.map((flag) => [flag, on.includes(flag)])),
  };
}

describe("isAdminOf: A is B's admin, or a pupil-of-admin or employee of B (L §4)", () => {
  it.each([
    [[], false],
    [['isAdmin'], true],
    [['isPupilOfAdmin'], true],
    [['isEmployee'], true],
    [['isAdmin', 'isEmployee'], true],
    [['isTeacher'], false],
    [['isAdminOfTeacher'], false],
    [['isPupil', 'sameClass', 'sameSchool', 'isMe'], false],
  ] as [RelationshipFlag[], boolean][])('flags %j -> %s', (flags, expected) => {
    expect(isAdminOf(rel(...flags), B)).toBe(expected);
  });
});

describe("isTeacherOf: A is B's teacher (L §4)", () => {
  it.each([
    [[], false],
    [['isTeacher'], true],
    [['isAdmin'], false],
    [['isAdmin', 'isAdminOfTeacher', 'isEmployee', 'sameClass', 'sameSchool'], false],
  ] as [RelationshipFlag[], boolean][])('flags %j -> %s', (flags, expected) => {
    expect(isTeacherOf(rel(...flags), B)).toBe(expected);
  });
});

describe("isPupilOf: A is B's teacher, or an admin who is not the teacher's admin (L §4)", () => {
  it.each([
    [[], false],
    [['isTeacher'], true],
    [['isTeacher', 'isAdmin', 'isAdminOfTeacher'], true],
    [['isAdmin'], true],
    [['isAdmin', 'isAdminOfTeacher'], false],
    [['isAdminOfTeacher'], false],
    [['isPupil', 'isPupilOfAdmin', 'isEmployee', 'sameClass', 'sameSchool'], false],
  ] as [RelationshipFlag[], boolean][])('flags %j -> %s', (flags, expected) => {
    expect(isPupilOf(rel(...flags), B)).toBe(expected);
  });
});

describe('questions outside the relationship (L §4, §8)', () => {
  const questions = [isAdminOf, isTeacherOf, isPupilOf];

  it.each(questions.map((q) => [q.name, q]))('%s throws not-in-relationship for a third user', (_name, question) => {
    expect(() => question(rel('isAdmin', 'isTeacher'), 3)).toThrow(RelationshipError);
    try {
      question(rel(), 3);
    } catch (error) {
      expect(error).toMatchObject({ reason: 'not-in-relationship', userId: 3 });
    }
  });

  it.each(questions.map((q) => [q.name, q]))(
    '%s cannot evaluate A towards itself when A is not B',
    (_name, question) => {
      expect(() => question(rel('isTeacher'), A)).toThrow(expect.objectContaining({ reason: 'cannot-evaluate' }));
    },
  );

  it('answers about oneself when the pair is the same user', () => {
    const self: Relationship = { ...rel('isMe', 'isTeacher'), otherUserId: A };
    expect(isTeacherOf(self, A)).toBe(true);
  });

  it('matches ids across number and string forms', () => {
    expect(isTeacherOf(rel('isTeacher'), '2')).toBe(true);
  });

  it.each([
    [isAdminOf, 'isEmployee'],
    [isTeacherOf, 'isTeacher'],
    [isPupilOf, 'isAdminOfTeacher'],
  ] as const)('%o cannot evaluate without the flag %s', (question, missing) => {
    const partial: Relationship = { ...rel() };
    delete partial[missing];
    expect(() => question(partial, B)).toThrow(
      expect.objectContaining({ reason: 'cannot-evaluate', message: expect.stringContaining(missing) }),
    );
  });
});

describe('parseRelationship', () => {
  it('accepts API data and refuses wrongly typed flags', () => {
    expect(parseRelationship({ userId: 'u1', otherUserId: 9, isTeacher: true }).isTeacher).toBe(true);
    expect(() => parseRelationship({ userId: 1, otherUserId: 2, isTeacher: 'yes' })).toThrow();
    expect(() => parseRelationship({ otherUserId: 2 })).toThrow();
  });
});
