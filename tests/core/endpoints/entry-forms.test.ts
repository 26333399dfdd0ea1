import { describe, expect, it } from 'vitest';
import { MAX_NUMBER_STAGE, MAX_SPELLING_STAGE } from '../../../core/domain/constants.js';
import { ENDPOINTS } from '../../../core/endpoints/index.js';
import { payloadSchema } from '../../../core/endpoints/schemas.js';

// Rules the sandbox used to check again in its handlers, now stated by the entries (so the CLI refuses
// them before sending, and the sandbox holds no second schema of these payloads).
function problems(command: string, payload: Record<string, unknown>): string[] {
  const endpoint = ENDPOINTS.find((e) => e.command === command);
  if (!endpoint) throw new Error(`no entry ${command}`);
  const result = payloadSchema(endpoint).safeParse(payload);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('rules the table states for the sandbox', () => {
  it('takes a sign-up username of 3 or more letters, digits or . _ @ -, and an avatar that is an object', () => {
    expect(problems('auth sign-up', { username: 'amy.t@oak', password: 'secret1', avatar: { hat: 2 } })).toEqual([]);
    expect(problems('auth sign-up', { username: 'a b', password: 'secret1' })).toEqual([
      'username: expected 3 or more letters, digits or . _ @ -',
    ]);
    expect(problems('auth sign-up', { username: 'ab', password: 'secret1', avatar: [1] })).toHaveLength(2);
  });

  it('takes group stages within the curriculum: spelling 1 to 7, number 1 to 6', () => {
    expect(problems('groups set-spelling-stage', { stage_spelling: MAX_SPELLING_STAGE })).toEqual([]);
    expect(problems('groups set-spelling-stage', { stage_spelling: MAX_SPELLING_STAGE + 1 })).toHaveLength(1);
    expect(problems('groups set-number-stage', { stage_number: MAX_NUMBER_STAGE + 1 })).toHaveLength(1);
    expect(problems('groups set-number-stage', { stage_number: 0 })).toHaveLength(1);
  });

  it('takes a VAT check for a school by its numbered id only', () => {
    expect(problems('vat-numbers validate', { vatNumber: 'GB123', schoolId: '12' })).toEqual([]);
    expect(problems('vat-numbers validate', { vatNumber: 'GB123', schoolId: 'oak' })).toHaveLength(1);
  });
});
