import { usePageTitle } from '../components/page-title.js';
import { useLocale } from '../i18n/locale.js';

/** The about page. */
export default function About() {
  const { messages } = useLocale();
  usePageTitle(messages.titles.about);
  return (
    <section>
      <h1>{messages.about.heading}</h1>
      <p>{messages.about.body}</p>
    </section>
  );
}
