import { localePrices } from '../../../core/domain/prices.js';
import { usePageTitle } from '../components/page-title.js';
import { useLocale } from '../i18n/locale.js';

const KINDS = ['personal', 'teacher', 'premium', 'app'] as const;

/** The locale's membership prices, formatted for its currency, from core's price table (O §9). */
export default function Memberships() {
  const { locale, messages } = useLocale();
  usePageTitle(messages.titles.memberships);
  const prices = localePrices(locale);
  return (
    <section>
      <h1>{messages.memberships.heading}</h1>
      {prices && (
        <>
          <ul className="prices">
            {KINDS.map((kind) => (
              <li key={kind} className="price" data-kind={kind}>
                <h2>{messages.memberships[kind]}</h2>
                <p className="amount">{prices.formatted[kind]}</p>
              </li>
            ))}
          </ul>
          <p className="pupils-per-classroom">{messages.memberships.pupilsPerClassroom(prices.pupilsPerClassroom)}</p>
        </>
      )}
    </section>
  );
}
