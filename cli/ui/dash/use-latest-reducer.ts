import { useCallback, useReducer, useRef } from 'react';

/**
 * Like useReducer, but the latest state is readable at once (`read()`), so keys typed faster than a
 * redraw (arrow then `p` in one burst) each see the state the key before left.
 *
 * @example
 * const [state, dispatch, read] = useLatestReducer(dashReducer, initialDash());
 */
export function useLatestReducer<S, E>(
  reducer: (state: S, event: E) => S,
  initial: () => S,
): [S, (event: E) => void, () => S] {
  const ref = useRef<S | undefined>(undefined);
  ref.current ??= initial();
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const dispatch = useCallback(
    (event: E) => {
      ref.current = reducer(ref.current as S, event);
      redraw();
    },
    [reducer],
  );
  const read = useCallback(() => ref.current as S, []);
  return [ref.current, dispatch, read];
}
