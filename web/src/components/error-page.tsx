import { useLocale } from '../i18n/locale.js';
import { LocalLink } from './local-link.js';
import { usePageTitle } from './page-title.js';

interface ErrorPageProps {
  readonly status: number;
  readonly message: string;
}

/**
 * The error page (O §2): its text, the status and message, and for 404 a link back home. A missing page
 * leads with what happened ('This page could not be found'), not with the spec's sentence for an error
 * while rendering, which heads every other status.
 */
export function ErrorPage({ status, message }: ErrorPageProps) {
  const { messages } = useLocale();
  const missing = status === 404;
  usePageTitle(missing ? messages.titles.notFound : `${status}`);
  return (
    <section className="error-page" aria-labelledby="error-heading">
      <h1 id="error-heading">{missing ? messages.error.notFound : messages.error.heading}</h1>
      <p className="error-status">{status}</p>
      {!(missing && message === messages.error.notFound) && <p className="error-message">{message}</p>}
      {status === 404 && <LocalLink to="/">{messages.error.home}</LocalLink>}
    </section>
  );
}

/** A route that matches no page (O §2). */
export function NotFound() {
  const { messages } = useLocale();
  return <ErrorPage status={404} message={messages.error.notFound} />;
}
