import { LocalLink } from '../components/local-link.js';
import { usePageTitle } from '../components/page-title.js';
import { useLocale } from '../i18n/locale.js';
import { HomeCategories, HomeShelf } from './home-shelves.js';

/** The home page: what the site offers, the newest resources, some free ones, and the popular categories. */
export default function Home() {
  const { messages } = useLocale();
  usePageTitle(messages.titles.home);
  const words = messages.home;
  return (
    <>
      <section className="hero">
        <h1>{words.heading}</h1>
        <p>{words.intro}</p>
        <p className="hero-actions">
          <LocalLink to="/browse" className="button">
            {words.browse}
          </LocalLink>
          <LocalLink to="/free-resources" className="button button-light">
            {words.free}
          </LocalLink>
        </p>
      </section>
      <HomeShelf
        id="home-new"
        heading={words.newest}
        more={{ to: '/browse/what-is-new', text: words.allNew }}
        query={{ text: '' }}
        count={8}
        eager
      />
      <HomeShelf
        id="home-free"
        heading={words.freeHeading}
        more={{ to: '/free-resources', text: words.allFree }}
        query={{ text: '', availability: 'free' }}
        count={4}
      />
      <HomeCategories heading={words.categories} />
    </>
  );
}
