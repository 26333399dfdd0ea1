/**
 * Payload cleaners run before saving curricula (O §5, L §5). They return new objects and never mutate.
 */

/** Null, undefined, and strings that are empty or only whitespace. */
function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

export interface CurriculumPayload {
  readonly data?: {
    readonly roots?: readonly unknown[] | null;
    readonly domains?: readonly unknown[] | null;
    readonly [key: string]: unknown;
  } | null;
  readonly [key: string]: unknown;
}

/**
 * Removes blank entries from `data.roots` and `data.domains` before a curriculum is saved.
 *
 * @example
 * cleanCurriculum({ name: 'KS2', data: { roots: ['a', '', ' '], domains: [null, 'b'] } })
 * // { name: 'KS2', data: { roots: ['a'], domains: ['b'] } }
 */
export function cleanCurriculum<T extends CurriculumPayload>(curriculum: T): T {
  const data = curriculum.data;
  if (!data) return curriculum;
  const cleaned: Record<string, unknown> = { ...data };
  for (const key of ['roots', 'domains'] as const) {
    const list = data[key];
    if (Array.isArray(list)) cleaned[key] = list.filter((entry) => !isBlank(entry));
  }
  return { ...curriculum, data: cleaned };
}

export interface CurriculumNodePayload {
  readonly resource_ids?: unknown;
  readonly lesson_ids?: unknown;
  readonly [key: string]: unknown;
}

const NODE_LISTS = ['resource_ids', 'lesson_ids'] as const;

/**
 * Removes empty `resource_ids` and `lesson_ids` before a curriculum node is saved: blank ids are dropped from
 * the lists, and a list (or comma-joined string) left empty is left out of the payload altogether.
 * Our reading of "removes empty": the key goes, so the server is not sent an empty value to store.
 *
 * @example
 * cleanCurriculumNode({ name: 'Poetry', resource_ids: [4, '', null], lesson_ids: [] })
 * // { name: 'Poetry', resource_ids: [4] }
 */
export function cleanCurriculumNode<T extends CurriculumNodePayload>(node: T): T {
  const cleaned: Record<string, unknown> = { ...node };
  for (const key of NODE_LISTS) {
    const value = node[key];
    const kept = Array.isArray(value) ? value.filter((entry) => !isBlank(entry)) : value;
    if (isBlank(kept) || (Array.isArray(kept) && kept.length === 0)) delete cleaned[key];
    else cleaned[key] = kept;
  }
  return cleaned as T;
}
