import { Component, type ReactNode } from 'react';
import { ErrorPage } from './error-page.js';

interface State {
  readonly error: unknown;
}

/**
 * The status of a route error (O §8): the error's own status, else its response's, else 500.
 *
 * @example
 * errorStatus({ status: 404 }) // 404
 */
export function errorStatus(error: unknown): number {
  const own = (error as { status?: unknown } | null)?.status;
  if (typeof own === 'number') return own;
  const response = (error as { response?: { status?: unknown } } | null)?.response?.status;
  return typeof response === 'number' ? response : 500;
}

/** Shows an unexpected error of a page (a failed chunk after its one reload, a render error) as the error page. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidUpdate(previous: { resetKey: string }): void {
    if (previous.resetKey !== this.props.resetKey && this.state.error !== undefined)
      this.setState({ error: undefined });
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    return <ErrorPage status={errorStatus(error)} message={error instanceof Error ? error.message : String(error)} />;
  }
}
