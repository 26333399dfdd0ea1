import { useLocale } from '../i18n/locale.js';
import { LocalLink } from './local-link.js';
import { usePageTitle } from './page-title.js';

interface ErrorPageProps {
  readonly status: number;
  readonly message: string;
}

/** The error page (O §2): its text, the status and message, and for 404 a link back home. */
export function ErrorPage({ status, message }: ErrorPageProps) {
  const { messages } = useLocale();
  usePageTitle(status === 404 ? messages.titles.notFound : `${status}`);
  return (
    <section className="error-page" aria-labelledby="error-heading">
      <h1 id="error-heading">{messages.error.heading}</h1>
      <p className="error-status">{status}</p>
      <p className="error-message">{message}</p>
      {status === 404 && <LocalLink to="/">{messages.error.home}</LocalLink>}
    </section>
  );
}

/** A route that matches no page (O §2). */
export function NotFound() {
  const { messages } = useLocale();
  return <ErrorPage status={404} message={messages.error.notFound} />;
}
