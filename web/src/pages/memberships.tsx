import { localePrices } from '../../../core/domain/prices.js';
import { SITE_CONFIG } from '../../site.config.js';
import { LocalLink } from '../components/local-link.js';
import { usePageTitle } from '../components/page-title.js';
import { useLocale } from '../i18n/locale.js';
import { membershipWords, type PlanKind } from './memberships-words.js';

const PLANS: readonly PlanKind[] = ['personal', 'teacher', 'premium', 'app'];

/**
 * The memberships compared (O §9): for each, who it is for, its price in the locale's currency from core's
 * price table, what it gives, and one next step (the platform's sign-up, or the help site's contact).
 */
export default function Memberships() {
  const { locale, messages } = useLocale();
  usePageTitle(messages.titles.memberships);
  const prices = localePrices(locale);
  const words = membershipWords(locale);
  const { signUp, contact } = SITE_CONFIG.links;
  return (
    <section className="memberships" aria-labelledby="memberships-heading">
      <div className="page-intro">
        <h1 id="memberships-heading">{words.heading}</h1>
        <p>{words.intro}</p>
      </div>
      {prices && (
        <>
          <ul className="plans">
            {PLANS.map((kind) => {
              const plan = words.plans[kind];
              return (
                <li
                  key={kind}
                  className={`plan price${kind === 'teacher' ? ' plan-featured' : ''}`}
                  data-kind={kind}
                  aria-labelledby={`plan-${kind}`}
                >
                  <h2 id={`plan-${kind}`}>{plan.name}</h2>
                  <p className="plan-for">{plan.for}</p>
                  <p className="plan-price">
                    <span className="amount">{prices.formatted[kind]}</span> <span className="per">{plan.per}</span>
                  </p>
                  <ul className="plan-features">
                    {plan.features(prices.pupilsPerClassroom).map((feature) => (
                      <li key={feature}>{feature}</li>
                    ))}
                  </ul>
                  <a
                    className={`button${kind === 'teacher' ? '' : ' button-outline'}`}
                    href={plan.action === 'sign-up' ? signUp : contact}
                  >
                    {plan.cta}
                  </a>
                </li>
              );
            })}
          </ul>
          <p className="pupils-per-classroom">{words.pupilsPerClassroom(prices.pupilsPerClassroom)}</p>
        </>
      )}
      <div className="plans-note">
        <h2>{words.freeHeading}</h2>
        <p>
          {words.freeText} <LocalLink to="/free-resources">{words.freeLink}</LocalLink>
        </p>
      </div>
    </section>
  );
}
