import { describe, expect, it } from 'vitest';
import { createColors, wantsColor } from '../../cli/output/colors.js';

// Colour codes on a terminal that cannot show them (TERM=dumb), or against NO_COLOR, are noise; an
// explicit FORCE_COLOR asks for them even into a pipe.

describe('wantsColor', () => {
  const cases: readonly (readonly [string, boolean, Readonly<Record<string, string>>, boolean | undefined, boolean])[] =
    [
      ['a terminal', true, { TERM: 'xterm-256color' }, undefined, true],
      ['a pipe', false, { TERM: 'xterm-256color' }, undefined, false],
      ['TERM=dumb, on a terminal', true, { TERM: 'dumb' }, undefined, false],
      ['NO_COLOR, on a terminal', true, { NO_COLOR: '1' }, undefined, false],
      ['NO_COLOR empty (not set, per no-color.org)', true, { NO_COLOR: '' }, undefined, true],
      ['--no-color, on a terminal', true, {}, false, false],
      ['FORCE_COLOR=1 into a pipe', false, { FORCE_COLOR: '1' }, undefined, true],
      ['FORCE_COLOR empty into a pipe (set explicitly)', false, { FORCE_COLOR: '' }, undefined, true],
      ['FORCE_COLOR=1 on TERM=dumb', true, { FORCE_COLOR: '1', TERM: 'dumb' }, undefined, true],
      ['FORCE_COLOR=0 on a terminal', true, { FORCE_COLOR: '0' }, undefined, false],
      ['FORCE_COLOR=false on a terminal', true, { FORCE_COLOR: 'false' }, undefined, false],
      ['NO_COLOR beats FORCE_COLOR', true, { FORCE_COLOR: '1', NO_COLOR: '1' }, undefined, false],
      ['--no-color beats FORCE_COLOR', true, { FORCE_COLOR: '1' }, false, false],
    ];
  it.each(cases)('%s', (_name, isTTY, env, flag, expected) => {
    expect(wantsColor({ isTTY, env, flag })).toBe(expected);
  });

  it('colours off leaves text as it is; on, wraps it in codes', () => {
    expect(createColors(false).state('overdue')).toBe('overdue');
    expect(createColors(true).state('overdue')).toBe('\u001b[31moverdue\u001b[39m');
  });
});
