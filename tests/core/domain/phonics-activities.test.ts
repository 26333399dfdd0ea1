import { describe, expect, it } from 'vitest';
import {
  ALL_GRAPHEMES,
  PHONICS_ACTIVITIES,
  PHONICS_ACTIVITY_TYPES,
  assignablePhonicsActivities,
  findPhonicsActivity,
} from '../../../core/domain/phonics-activities.js';

const SESSION_GAMES = [
  'indy',
  'percussion',
  'dare',
  'match',
  'sounding-out',
  'scene-sounds',
  'soundboard',
  'sound-keyboard',
];

describe('PHONICS_ACTIVITIES (L §3)', () => {
  it('has 20 entries with unique ids and idents', () => {
    expect(PHONICS_ACTIVITIES).toHaveLength(20);
    expect(new Set(PHONICS_ACTIVITIES.map((a) => a.id)).size).toBe(20);
    expect(new Set(PHONICS_ACTIVITIES.map((a) => a.ident)).size).toBe(20);
  });

  it.each(PHONICS_ACTIVITIES.map((a) => [a.ident, a]))(
    '%s has every field with an allowed value',
    (_ident, activity) => {
      expect(Object.keys(activity).sort()).toEqual([
        'assignable',
        'description',
        'difficultyLevels',
        'freeplay',
        'graphemes',
        'hidden',
        'id',
        'ident',
        'params',
        'resultType',
        'title',
        'type',
      ]);
      expect(Object.keys(activity.params).sort()).toEqual(['game', 'is_screening_check', 'mode', 'scene']);
      expect(PHONICS_ACTIVITY_TYPES).toContain(activity.type);
      expect(['time', 'questions']).toContain(activity.resultType);
      expect([null, '1,2', '1,2,3']).toContain(
        activity.difficultyLevels === null ? null : activity.difficultyLevels.join(','),
      );
      expect(activity.graphemes.every((g) => g === ALL_GRAPHEMES || g > 0)).toBe(true);
      expect(activity.title.length).toBeGreaterThan(0);
    },
  );

  it('hides exactly match phonemes, match graphemes and the body percussion challenge', () => {
    expect(
      PHONICS_ACTIVITIES.filter((a) => a.hidden)
        .map((a) => a.ident)
        .sort(),
    ).toEqual(['body-percussion-challenge', 'match-graphemes', 'match-phonemes']);
  });

  it('makes exactly the sound recorder and the assessments not assignable', () => {
    const notAssignable = PHONICS_ACTIVITIES.filter((a) => !a.assignable);
    expect(notAssignable.map((a) => a.ident).sort()).toEqual([
      'grapheme-assessment',
      'screening-check',
      'sound-recorder',
    ]);
    expect(PHONICS_ACTIVITIES.filter((a) => a.type === 'assessment').every((a) => !a.assignable)).toBe(true);
  });

  it('has one screening check simulator and the five card matching modes', () => {
    expect(PHONICS_ACTIVITIES.filter((a) => a.params.is_screening_check).map((a) => a.ident)).toEqual([
      'screening-check',
    ]);
    const modes = PHONICS_ACTIVITIES.filter((a) => a.params.game === 'match').map((a) => a.params.mode);
    expect(modes.sort()).toEqual(['characters', 'grapheme-phoneme', 'graphemes', 'phonemes', 'words']);
    const builder = PHONICS_ACTIVITIES.filter((a) => a.params.game === 'dare').map((a) => a.params.mode);
    expect(builder.sort()).toEqual(['phonics', 'spelling']);
  });

  it('names games after the phonics session paths where a session is recorded', () => {
    const sessionless = PHONICS_ACTIVITIES.filter((a) => !SESSION_GAMES.includes(a.params.game)).map((a) => a.ident);
    expect(sessionless.sort()).toEqual(['grapheme-assessment', 'screening-check', 'sound-recorder']);
  });
});

describe('lookups', () => {
  it('finds by id or ident', () => {
    expect(findPhonicsActivity(19)?.ident).toBe('balloon-pop');
    expect(findPhonicsActivity('soundboard')?.id).toBe(20);
    expect(findPhonicsActivity('nope')).toBeUndefined();
  });

  it('offers for assignment only entries that are assignable and not hidden', () => {
    const offered = assignablePhonicsActivities();
    expect(offered).toHaveLength(20 - 3 - 3);
    expect(offered.every((a) => a.assignable && !a.hidden)).toBe(true);
  });
});
