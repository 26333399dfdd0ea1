import { SITE_CONFIG } from '../../site.config.js';
import { SIBLINGS, type SiblingKey } from '../config.js';
import { useLocale } from '../i18n/locale.js';
import { SITE_LOCALES } from '../i18n/site-locales.js';
import { LocalLink } from './local-link.js';
import teachingAward from '../assets/badge-award-teaching.svg';
import edtechAward from '../assets/badge-award-edtech.svg';
import usAward from '../assets/badge-us-award.svg';

const PRODUCTS: readonly SiblingKey[] = ['spelling', 'maths', 'phonics', 'quiz', 'hub'];
const PARTNERS = ['National Literacy Partners', 'Schools Reading Network', 'Teach Together'] as const;

/** The footer by locale (O §2): links, contact and company details from the site configuration (US or UK), badges and partners. */
export function Footer() {
  const { locale, messages } = useLocale();
  const text = messages.footer;
  const us = SITE_LOCALES[locale].country === 'US';
  const { email, links, ukCompany, usCompany } = SITE_CONFIG;
  const phone = SITE_CONFIG.phones[locale];
  const company = us ? usCompany : ukCompany;
  return (
    <footer className="footer" data-variant={us ? 'us' : 'uk'}>
      <div className="footer-columns">
        <nav aria-label={text.quickLinks}>
          <h2>{text.quickLinks}</h2>
          <ul>
            <li>
              <LocalLink to="/">{text.home}</LocalLink>
            </li>
            <li>
              <LocalLink to="/about">{text.about}</LocalLink>
            </li>
            <li>
              <a href={links.help}>{text.help}</a>
            </li>
            <li>
              <LocalLink to="/browse">{text.resources}</LocalLink>
            </li>
            <li>
              <a href={links.blog}>{text.blog}</a>
            </li>
            <li>
              <a href={links.merch}>{text.merch}</a>
            </li>
            <li>
              <a href={links.terms}>{text.terms}</a>
            </li>
            <li>
              <a href={links.privacy}>{text.privacy}</a>
            </li>
          </ul>
        </nav>
        <nav aria-label={text.products}>
          <h2>{text.products}</h2>
          <ul>
            {PRODUCTS.map((key) => (
              <li key={key}>
                <a href={SIBLINGS[key].url}>{SIBLINGS[key].label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{text.contact}</h2>
          <p>
            <a className="contact-email" href={`mailto:${email}`}>
              {email}
            </a>
          </p>
          <p>
            <a className="contact-phone" href={`tel:${phone.replace(/[^+\d]/g, '')}`}>
              {phone}
            </a>
          </p>
          <p>
            <a href={links.videos}>{text.videos}</a>
          </p>
          <p className="follow">
            {text.follow}: <a href={links.facebook}>Facebook</a> <a href={links.x}>X</a>{' '}
            <a href={links.instagram}>Instagram</a>
          </p>
          <a className="get-help" href={links.help}>
            {text.getHelp}
          </a>
        </section>
        <address className="company">
          <strong>{company.name}</strong>
          {company.address.map((line) => (
            <span key={line}>{line}</span>
          ))}
          {!us && (
            <span className="registration">{text.registration(ukCompany.registeredIn, ukCompany.companyNumber)}</span>
          )}
          {!us && <span className="vat">{text.vat(ukCompany.vatNumber)}</span>}
        </address>
      </div>
      <div className="badges" aria-label={text.awards} role="group">
        <img src={teachingAward} width={70} height={70} alt="Teaching resources award" />
        <img src={edtechAward} width={70} height={70} alt="EdTech award" />
        {us && <img className="us-badge" src={usAward} width={70} height={70} alt="US education award" />}
      </div>
      <ul className="partners" aria-label={text.partners}>
        {PARTNERS.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    </footer>
  );
}
