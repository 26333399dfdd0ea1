import { useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';

export interface Menu<R extends HTMLElement> {
  readonly open: boolean;
  readonly toggle: () => void;
  readonly close: () => void;
  /** The button that opens it: focus comes back here on Escape. */
  readonly buttonRef: RefObject<HTMLButtonElement | null>;
  /** For the element holding the button and the menu: a pointer or focus outside it closes the menu. */
  readonly rootProps: {
    readonly ref: RefObject<R | null>;
    readonly onBlur: (event: FocusEvent<R>) => void;
    readonly onKeyDown: (event: KeyboardEvent<R>) => void;
  };
}

/**
 * A menu behind a button (a disclosure): closed, its list is `hidden`, so out of the tab order and of the
 * accessibility tree; the button (Enter or Space, as any button) opens it; Escape closes it and puts focus
 * back on the button; a click elsewhere, or focus moving out of it, closes it.
 *
 * @example
 * const menu = useMenu<HTMLLIElement>();
 * <li {...menu.rootProps}><button ref={menu.buttonRef} aria-expanded={menu.open} onClick={menu.toggle} /><ul hidden={!menu.open} /></li>
 */
export function useMenu<R extends HTMLElement>(): Menu<R> {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const ref = useRef<R>(null);
  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((was) => !was), []);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !ref.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);
  const onBlur = useCallback((event: FocusEvent<R>) => {
    // Tab past the last item (or Shift+Tab before the button) leaves the menu: it closes behind the visitor.
    const next = event.relatedTarget;
    if (next instanceof Node && !event.currentTarget.contains(next)) setOpen(false);
  }, []);
  const onKeyDown = useCallback(
    (event: KeyboardEvent<R>) => {
      if (event.key !== 'Escape' || !open) return;
      // The innermost open menu takes the Escape; one around it stays open.
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    },
    [open],
  );
  return { open, toggle, close, buttonRef, rootProps: { ref, onBlur, onKeyDown } };
}
