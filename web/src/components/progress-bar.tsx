import { useEffect, useState } from 'react';
import { PROGRESS_BAR_DURATION_MS, PROGRESS_BAR_THROTTLE_MS } from '../../../core/domain/constants.js';

/**
 * The route progress bar (O §9): shown only when loading takes longer than the 200 ms throttle, then
 * filling over 5 s. Rendered while a page's code or data loads.
 */
export function ProgressBar() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), PROGRESS_BAR_THROTTLE_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return (
    <div
      className="progress-bar"
      role="progressbar"
      aria-label="Loading page"
      style={{ animationDuration: `${PROGRESS_BAR_DURATION_MS}ms` }}
    />
  );
}
