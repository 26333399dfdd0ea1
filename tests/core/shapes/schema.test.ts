import { describe, expect, it } from 'vitest';
import { byFlag, defineShape, either, inline, nullable } from '../../../core/shapes/define.js';
import { replyProblems } from '../../../core/shapes/schema.js';
import { mainValue, replyFieldNames, replyFlags, replyWithFlags } from '../../../core/shapes/reply.js';
import { INVOICE } from '../../../core/shapes/invoice.js';

const TAG = defineShape('tag', { code: 'string', shelter: 'boolean' }, { summary: 'A tag', columns: ['code'] });
const PET = defineShape(
  'pet',
  { id: 'serial', name: 'text', born: nullable('day'), kind: { oneOf: ['cat', 'dog'] }, tags: 'strings?' },
  { summary: 'A pet', columns: ['id', 'name'] },
);

describe('reply schemas', () => {
  it('accepts a reply of the declared shape, with or without optional keys', () => {
    expect(replyProblems({ pet: PET }, { pet: { id: 1, name: 'Tom', born: null, kind: 'cat' } })).toEqual([]);
    expect(
      replyProblems(
        { pets: [PET], total: 'int' },
        { pets: [{ id: 1, name: 'Tom', born: '2020-01-02', kind: 'dog', tags: ['a'] }], total: 1 },
      ),
    ).toEqual([]);
  });

  it('names each wrong value by its path', () => {
    const problems = replyProblems(
      { pets: [PET], total: 'int' },
      {
        pets: [
          { id: 1, name: 'Tom', born: null, kind: 'cat' },
          { id: 'x', name: 2, born: '02/01/2020', kind: 'fish' },
        ],
        total: 1.5,
      },
    );
    expect(problems.map((p) => p.path).sort()).toEqual([
      'pets.1.born',
      'pets.1.id',
      'pets.1.kind',
      'pets.1.name',
      'total',
    ]);
    expect(problems.find((p) => p.path === 'pets.1.kind')?.message).toBe('expected one of "cat", "dog"');
  });

  it('refuses a missing key, and null where the shape does not allow it', () => {
    expect(
      replyProblems({ pet: PET }, { pet: { id: 1, name: null, born: null, kind: 'cat' } }).map((p) => p.path),
    ).toEqual(['pet.name']);
    expect(replyProblems({ pet: PET }, {}).map((p) => p.path)).toEqual(['pet']);
  });

  it('lets unknown keys through when loose, and names them when strict', () => {
    const body = { pet: { id: 1, name: 'Tom', born: null, kind: 'cat', colour: 'black' } };
    expect(replyProblems({ pet: PET }, body)).toEqual([]);
    expect(replyProblems({ pet: PET }, body, 'strict')).toEqual([
      { path: 'pet', message: 'keys the shape does not name: colour' },
    ]);
  });

  it('reads inline objects and nullable shapes', () => {
    const reply = { resources: inline({ items: [PET], total: 'int' }), owner: nullable(PET) };
    expect(replyProblems(reply, { resources: { items: [], total: 0 }, owner: null })).toEqual([]);
    expect(replyProblems(reply, { resources: { items: [{}], total: 0 }, owner: null }).map((p) => p.path)).toContain(
      'resources.items.0.id',
    );
  });

  it('refuses a body that is not an object of the reply (an HTML page, a bare list)', () => {
    expect(replyProblems({ pet: PET }, '<html>maintenance</html>')).toHaveLength(1);
    expect(replyProblems({ pet: PET }, [1, 2, 3])).toHaveLength(1);
  });

  it('refuses a shape whose columns are not its fields', () => {
    expect(() => defineShape('bad', { id: 'serial' }, { summary: 'x', columns: ['nope' as 'id'] })).toThrow(
      /column nope is not one of its fields/,
    );
  });
});

describe('main value and field names', () => {
  it("finds the reply's main shape, in a list or alone", () => {
    expect(mainValue({ invoices: [INVOICE], total: 'int' })).toEqual({ key: 'invoices', shape: INVOICE, list: true });
    expect(mainValue({ invoice: INVOICE, changed: 'boolean' })).toEqual({
      key: 'invoice',
      shape: INVOICE,
      list: false,
    });
    expect(mainValue({ valid: 'boolean' })).toBeNull();
  });

  it("gives the invoice's fields for --fields", () => {
    expect(replyFieldNames({ reply: { invoice: INVOICE } })).toContain('amount_due');
    expect(replyFieldNames({})).toBeNull();
  });
});

describe('either and byFlag', () => {
  const pets = { pets: [byFlag('tagged', { without: PET, with: TAG })], total: 'int' } as const;

  it('accepts each form, and refuses a value of neither', () => {
    expect(replyProblems({ id: either('int', 'string') }, { id: 'x' })).toEqual([]);
    expect(replyProblems({ id: either('int', 'string') }, { id: 4 })).toEqual([]);
    expect(replyProblems({ id: either('int', 'string') }, { id: true })).toEqual([
      { path: 'id', message: 'matches none of the forms it may take' },
    ]);
    expect(replyProblems(pets, { pets: [{ code: 'T1', shelter: true }], total: 1 }, 'strict')).toEqual([]);
    expect(
      replyProblems(pets, { pets: [{ id: 1, name: 'Tom', born: null, kind: 'cat' }], total: 1 }, 'strict'),
    ).toEqual([]);
    expect(replyProblems(pets, { pets: [{ code: 'T1' }], total: 1 }, 'strict')).toHaveLength(1);
  });

  it('names its flags, and gives the form each setting of them picks', () => {
    expect(replyFlags(pets)).toEqual(['tagged']);
    expect(replyFlags({ pet: PET })).toEqual([]);
    expect(replyWithFlags(pets, new Set())).toEqual({ pets: [PET], total: 'int' });
    expect(replyWithFlags(pets, new Set(['tagged']))).toEqual({ pets: [TAG], total: 'int' });
    // Read strictly against the form the flag picks, a tag is not a pet.
    expect(
      replyProblems(replyWithFlags(pets, new Set()), { pets: [{ code: 'T1', shelter: true }], total: 1 }, 'strict'),
    ).not.toEqual([]);
  });

  it('shows the first form as the main value, and lets --fields name the fields of every form', () => {
    expect(mainValue(pets)).toEqual({ key: 'pets', shape: PET, list: true });
    expect(replyFieldNames({ reply: pets })).toEqual(['id', 'name', 'born', 'kind', 'tags', 'code', 'shelter']);
  });
});
