import { BROWSE_CATEGORIES } from '../../../core/domain/browse-categories.js';
import { LocalLink } from '../components/local-link.js';
import { usePageTitle } from '../components/page-title.js';
import { useLocale } from '../i18n/locale.js';

/** The home page: what the site offers and the ways in. */
export default function Home() {
  const { messages } = useLocale();
  usePageTitle(messages.titles.home);
  return (
    <>
      <section className="hero">
        <h1>{messages.home.heading}</h1>
        <p>{messages.home.intro}</p>
        <p className="hero-actions">
          <LocalLink to="/browse" className="button">{messages.home.browse}</LocalLink>
          <LocalLink to="/free-resources" className="button button-light">{messages.home.free}</LocalLink>
        </p>
      </section>
      <section aria-labelledby="categories">
        <h2 id="categories">{messages.nav.resources}</h2>
        <ul className="category-list">
          {BROWSE_CATEGORIES.map((category) => (
            <li key={category.path}><LocalLink to={`/browse/${category.path}`}>{category.label}</LocalLink></li>
          ))}
        </ul>
      </section>
    </>
  );
}
