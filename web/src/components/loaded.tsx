import type { ReactNode } from 'react';
import { errorStatus } from './error-boundary.js';
import { ErrorPage } from './error-page.js';
import { ProgressBar } from './progress-bar.js';
import type { Loaded } from './use-api.js';

/** Shows the progress bar while loading, the error page on failure, else the content. */
export function Loaded<T>({
  value,
  loadingText,
  children,
}: {
  value: Loaded<T>;
  loadingText: string;
  children: (data: T) => ReactNode;
}) {
  if (value.status === 'loading') {
    return (
      <>
        <ProgressBar />
        <p className="loading" role="status">
          {loadingText}
        </p>
      </>
    );
  }
  if (value.status === 'failed') {
    const error = value.error;
    return <ErrorPage status={errorStatus(error)} message={error instanceof Error ? error.message : String(error)} />;
  }
  return <>{children(value.data)}</>;
}
