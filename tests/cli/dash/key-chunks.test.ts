import { describe, expect, it } from 'vitest';
import { eachKey, type KeyPress } from '../../../cli/ui/dash/keys.js';
import { initialDash, type DashState } from '../../../cli/ui/dash/state.js';

/** Feeds one chunk through eachKey; `/` opens the filter, as the dashboard's reducer does. */
function keysOf(chunk: string, key: KeyPress = {}, start: Partial<DashState<unknown>> = {}): string[] {
  let state: DashState<unknown> = { ...initialDash(), ...start };
  const seen: string[] = [];
  eachKey(
    chunk,
    key,
    () => state,
    (input) => {
      seen.push(input);
      if (input === '/') state = { ...state, filtering: true };
      return input === 'q' ? 'stop' : undefined;
    },
  );
  return seen;
}

describe('keys that come in one read of the terminal', () => {
  it('takes each character as a key until one opens the filter, and the rest as its text', () => {
    expect(keysOf('/INV-000004')).toEqual(['/', 'INV-000004']);
    expect(keysOf('jk/ab')).toEqual(['j', 'k', '/', 'ab']);
  });

  it('gives a chunk typed into the filter whole, and a lone key or a named key as it came', () => {
    expect(keysOf('INV-4', {}, { filtering: true })).toEqual(['INV-4']);
    expect(keysOf('q')).toEqual(['q']);
    expect(keysOf('', { downArrow: true })).toEqual(['']);
    expect(keysOf('c', { ctrl: true })).toEqual(['c']);
  });

  it('stops at a key that ends the view, and leaves a meta chunk whole', () => {
    expect(keysOf('jqk')).toEqual(['j', 'q']);
    expect(keysOf('ab', { meta: true } as KeyPress)).toEqual(['ab']);
  });

  it('splits by character, not by UTF-16 unit', () => {
    expect(keysOf('é😀/x')).toEqual(['é', '😀', '/', 'x']);
  });
});
