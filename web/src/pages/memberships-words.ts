import type { RoutableLocale } from '../../../core/domain/routable-locales.js';
import { MESSAGES } from '../i18n/messages.js';

export type PlanKind = 'personal' | 'teacher' | 'premium' | 'app';

interface Plan {
  readonly name: string;
  readonly for: string;
  readonly per: string;
  readonly features: (pupilsPerClassroom: number) => readonly string[];
  readonly cta: string;
  /** Where the call to action goes: the platform's sign-up, or the help site's contact. */
  readonly action: 'sign-up' | 'contact';
}

function plans({
  pupil,
  pupils,
  newResourcesEvery,
}: (typeof MESSAGES)[RoutableLocale]['school']): Readonly<Record<PlanKind, Plan>> {
  return {
    personal: {
      name: 'Personal membership',
      for: 'For one teacher, at school or at home.',
      per: 'a year',
      features: () => [
        'Every Literacy Shed resource to download',
        'Planning packs, teaching slides and worksheets',
        `New resources ${newResourcesEvery}`,
      ],
      cta: 'Join as a personal member',
      action: 'sign-up',
    },
    teacher: {
      name: 'Teacher membership',
      for: 'For a teacher and their class.',
      per: 'a year',
      features: (count) => [
        'Everything in the personal membership',
        `Class logins for up to ${count} ${pupils}`,
        'Share resources with your class',
      ],
      cta: 'Join as a teacher',
      action: 'sign-up',
    },
    premium: {
      name: `Premium, per ${pupil}`,
      for: `For a whole school, priced by the number of ${pupils}.`,
      per: `per ${pupil}, a year`,
      features: () => [
        'Every teacher in the school',
        `Literacy access for every ${pupil}`,
        'School admin, invoices and purchase orders',
      ],
      cta: 'Ask for a school quote',
      action: 'contact',
    },
    app: {
      name: 'App',
      for: 'The Literacy Shed app, for tablets and phones.',
      per: 'one-off',
      features: () => [
        'Film units and activities on the go',
        'Works alongside any membership',
        'One purchase per device',
      ],
      cta: 'Ask about the app',
      action: 'contact',
    },
  };
}

/**
 * The memberships page's words in a locale: its school words (pupils, or students in the US) from the locale messages.
 *
 * @example
 * membershipWords('en-us').plans.premium.name // 'Premium, per student'
 */
export function membershipWords(locale: RoutableLocale) {
  const school = MESSAGES[locale].school;
  return {
    heading: 'Memberships',
    intro:
      'Choose the membership that fits: every one gives you the whole library of Literacy Shed resources to download and teach.',
    plans: plans(school),
    pupilsPerClassroom: (count: number) => `Teacher memberships include up to ${count} ${school.pupils} per classroom.`,
    freeHeading: 'Not ready to join?',
    freeText: 'Anyone signed in can download the free resources, and everyone can browse and search the whole library.',
    freeLink: 'See the free resources',
  };
}
