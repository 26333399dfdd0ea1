import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Whether an element has come near the screen (within `margin` of it), once and for good: for parts
 * below the fold that load their own data, so a page's first view does not wait on, nor repaint for, them.
 *
 * @example
 * const [ref, near] = useNearScreen<HTMLDivElement>();
 * return <div ref={ref}>{near && <Related />}</div>;
 */
export function useNearScreen<T extends Element>(margin = '400px'): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near];
}
