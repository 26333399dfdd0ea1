import { describe, expect, it } from 'vitest';
import { fieldInfo, takesJson, type FieldSpec } from '../../../core/endpoints/define.js';
import { fieldSchema, fieldsSchema } from '../../../core/endpoints/schemas.js';
import { Command } from 'commander';
import { toEndpoint } from '../../../core/endpoints/table.js';
import { exampleOf } from '../../../cli/help/example.js';
import { defineEndpointCommand } from '../../../cli/commands/generated/command.js';
import { fakeFactory } from '../../helpers/fake-factory.js';

const USERNAME = {
  kind: 'text',
  pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$',
  expected: '1-40 letters or digits',
  example: 'amy.s',
  case: 'lower',
} as const;
const COUNTRY = {
  kind: 'string',
  pattern: '^[A-Za-z]{2}$',
  expected: 'a two-letter country code',
  example: 'GB',
  case: 'upper',
  optional: true,
} as const;

function messagesOf(spec: FieldSpec, value: unknown): string[] {
  const result = fieldSchema(spec).safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('text of a set form (pattern)', () => {
  it('trims a text, checks the pattern, then changes the case', () => {
    expect(fieldSchema(USERNAME).parse('  Amy.S ')).toBe('amy.s');
    expect(fieldSchema(COUNTRY).parse('ie')).toBe('IE');
    expect(fieldSchema(COUNTRY).parse(undefined)).toBeUndefined();
  });

  it('tells a refused value the expected form, whatever is wrong', () => {
    for (const value of ['a b', '', '-amy', 'x'.repeat(41), 12])
      expect(messagesOf(USERNAME, value)).toEqual(['expected 1-40 letters or digits']);
    // A string is not trimmed, and the pattern is checked before the case changes (`ß` would upper-case to `SS`).
    for (const value of [' ie', 'GBR', 'ß'])
      expect(messagesOf(COUNTRY, value)).toEqual(['expected a two-letter country code']);
  });

  it('takes null only where nullable', () => {
    expect(fieldSchema({ ...COUNTRY, nullable: true }).parse(null)).toBeNull();
    expect(messagesOf(COUNTRY, null)).toEqual(['expected a two-letter country code']);
  });

  it('is described by fieldInfo, and help examples use its example', () => {
    expect(fieldInfo(COUNTRY)).toEqual({
      kind: 'string',
      optional: true,
      nullable: false,
      pattern: '^[A-Za-z]{2}$',
      expected: 'a two-letter country code',
      example: 'GB',
      case: 'upper',
    });
    expect(
      exampleOf({ command: 'pupils rename', params: ['id'], payload: { school_username: USERNAME, country: COUNTRY } }),
    ).toBe('edshed pupils rename 12 --school-username "amy.s"');
  });
});

describe('the CLI on these forms', () => {
  it('describes a field by its expected words in --help', () => {
    const endpoint = toEndpoint('pupils', 'pupils rename', {
      route: 'PUT users/me/school/pupils/{id}',
      role: 'admin',
      summary: 'Rename a pupil',
      payload: {
        school_username: USERNAME,
        country: COUNTRY,
        password: { kind: 'string', min: 4, expected: 'a password of 4 characters or more', optional: true },
        settings: 'object?',
      },
    });
    const help = defineEndpointCommand(new Command('rename'), endpoint, fakeFactory())
      .helpInformation()
      .replace(/\s+/g, ' ');
    expect(help).toContain('--school-username <value> school_username: 1-40 letters or digits (required)');
    expect(help).toContain('--country <value> country: a two-letter country code');
    expect(help).toContain(
      '--password-stdin password: a password of 4 characters or more; read it from standard input',
    );
    expect(help).not.toContain('--password <value>');
    expect(help).toContain('--settings <value> settings: JSON object');
  });
});

describe('expected words of a text with limits', () => {
  const PASSWORD = { kind: 'string', min: 4, max: 100, expected: 'a password of 4 to 100 characters' } as const;

  it('replaces the kind words for every failure of the field', () => {
    expect(fieldSchema(PASSWORD).parse('sesame')).toBe('sesame');
    for (const value of ['abc', 'x'.repeat(101), 1234])
      expect(messagesOf(PASSWORD, value)).toEqual(['expected a password of 4 to 100 characters']);
    expect(fieldInfo(PASSWORD)).toMatchObject({ min: 4, max: 100, expected: 'a password of 4 to 100 characters' });
  });

  it('applies to text kinds only', () => {
    expect(() => fieldSchema({ kind: 'int', expected: 'a whole number' })).toThrow(
      /expected applies to string and text/,
    );
  });
});

describe('object fields', () => {
  it('take a JSON object and refuse other JSON', () => {
    expect(fieldSchema('object').parse({ theme: 'dark', n: [1] })).toEqual({ theme: 'dark', n: [1] });
    for (const value of [['dark'], 'dark', null, 3])
      expect(messagesOf('object', value)).toEqual(['expected a JSON object']);
    expect(fieldSchema('object?').parse(undefined)).toBeUndefined();
  });

  it('report every failing key of a record together', () => {
    const result = fieldsSchema({ settings: 'object?', country: COUNTRY }, { open: true }).safeParse({
      settings: [],
      country: 'GBR',
      other: 1,
    });
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['country', 'settings']);
  });

  it('are parsed from JSON by the CLI, like json fields', () => {
    expect([takesJson('object?'), takesJson('json'), takesJson(COUNTRY), takesJson('strings')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
