import { LocalLink } from '../components/local-link.js';
import { usePageTitle } from '../components/page-title.js';
import { useLocale } from '../i18n/locale.js';
import { localeTable } from '../i18n/locale.js';

const words = localeTable({
  heading: 'About Literacy Shed',
  lead: 'Literacy Shed is a library of ready-to-teach literacy resources: film units, book studies, poetry, non-fiction and news, sorted by age and theme.',
  whoHeading: 'Who it is for',
  who: 'Teachers and teaching assistants from early years to age 14, and the leaders who plan English across a school. Every resource is made to be taught tomorrow: open it, read the plan, teach.',
  whatHeading: 'What you will find',
  what: [
    'Units built around short films, picture books and novels',
    'Writing units for every genre, from diaries to newspaper reports',
    'Poetry to read, write and perform',
    'Seasonal packs and grammar worksheets',
  ],
  memberHeading: 'What a member gets',
  member: (every: string) =>
    `Members download every resource: planning packs with a lesson sequence, teaching slides and worksheets, with new resources ${every}. Free resources are open to anyone signed in.`,
  start: 'Browse the resources',
  free: 'Try the free resources',
  join: 'Compare memberships',
});

/** The about page: what the site is, for whom, and what a member gets. */
export default function About() {
  const { locale, messages } = useLocale();
  usePageTitle(messages.titles.about);
  const text = words(locale);
  return (
    <article className="about">
      <div className="page-intro">
        <h1>{text.heading}</h1>
        <p className="lead">{text.lead}</p>
      </div>
      <div className="about-sections">
        <section aria-labelledby="about-who">
          <h2 id="about-who">{text.whoHeading}</h2>
          <p>{text.who}</p>
        </section>
        <section aria-labelledby="about-what">
          <h2 id="about-what">{text.whatHeading}</h2>
          <ul className="ticks">
            {text.what.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="about-member">
          <h2 id="about-member">{text.memberHeading}</h2>
          <p>{text.member(messages.school.newResourcesEvery)}</p>
        </section>
      </div>
      <p className="hero-actions">
        <LocalLink to="/browse" className="button">
          {text.start}
        </LocalLink>
        <LocalLink to="/free-resources" className="button button-light">
          {text.free}
        </LocalLink>
        <LocalLink to="/memberships" className="button button-light">
          {text.join}
        </LocalLink>
      </p>
    </article>
  );
}
