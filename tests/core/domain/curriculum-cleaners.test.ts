import { describe, expect, it } from 'vitest';
import { cleanCurriculum, cleanCurriculumNode } from '../../../core/domain/curriculum-cleaners.js';

describe('cleanCurriculum (O §5)', () => {
  it('removes blank roots and domains and keeps everything else', () => {
    const input = {
      id: 4,
      name: 'KS2',
      data: { roots: ['a', '', '  ', null, 'b', 0], domains: [undefined, 'd', { id: 1 }], extra: [''] },
    };
    expect(cleanCurriculum(input)).toEqual({
      id: 4,
      name: 'KS2',
      data: { roots: ['a', 'b', 0], domains: ['d', { id: 1 }], extra: [''] },
    });
  });

  it('does not mutate its input', () => {
    const input = { data: { roots: ['', 'a'] } };
    cleanCurriculum(input);
    expect(input.data.roots).toEqual(['', 'a']);
  });

  it('leaves a curriculum without data or lists alone', () => {
    expect(cleanCurriculum({ name: 'x' })).toEqual({ name: 'x' });
    expect(cleanCurriculum({ data: null })).toEqual({ data: null });
    expect(cleanCurriculum({ data: { roots: null } })).toEqual({ data: { roots: null } });
  });
});

describe('cleanCurriculumNode (O §5)', () => {
  it.each([
    [
      { name: 'n', resource_ids: [4, '', null, 5], lesson_ids: [7] },
      { name: 'n', resource_ids: [4, 5], lesson_ids: [7] },
    ],
    [{ name: 'n', resource_ids: [], lesson_ids: [] }, { name: 'n' }],
    [{ name: 'n', resource_ids: ['', ' '], lesson_ids: null }, { name: 'n' }],
    [
      { name: 'n', resource_ids: '', lesson_ids: '3,4' },
      { name: 'n', lesson_ids: '3,4' },
    ],
    [{ name: 'n' }, { name: 'n' }],
    [
      { url_path: '/x', tags: [''], resource_ids: [0] },
      { url_path: '/x', tags: [''], resource_ids: [0] },
    ],
  ])('%j -> %j', (input, expected) => {
    expect(cleanCurriculumNode(input)).toEqual(expected);
  });

  it('does not mutate its input', () => {
    const input = { resource_ids: [] as number[] };
    cleanCurriculumNode(input);
    expect(input).toEqual({ resource_ids: [] });
  });
});
