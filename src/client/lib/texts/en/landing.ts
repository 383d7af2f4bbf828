/**
 * The landing page's words in English (landing.tsx, docs/decisions/0009): the first page a walk-in
 * opens downloads these and no other. Quoted strings marked "spec" must match
 * ../shared/spec/walkin-spec.md word for word. Every other language's file has this shape: the
 * type below makes a missing or misspelt key fail the type check.
 */
import type { Widen } from '../widen.ts';

const landingWords = {
  appName: 'CheckN Walkin Service', // spec §1
  landing: {
    heading: 'Walk ins', // spec §2
    subheading: 'Select your service', // spec §2
    next: 'Next',
    selectService: 'Please select service', // spec §5
    logoAlt: (company: string) => `${company} logo`,
    /** The page's meta description (search results, link previews). */
    description: (company: string, address: string) =>
      `Join the wait list at ${company}${address ? `, ${address}` : ''} from your phone. We will text you when it is your turn.`,
    notFoundTitle: 'Business not found',
    notFoundBody: (companyId: string) =>
      `We could not find a business with the code "${companyId}". Check the link or the code on the sign.`,
    loadFailedTitle: 'Could not load this page',
    loadFailedBody: 'Check your connection and try again.',
    retry: 'Try again',
    otherCode: 'Enter another code',
    /** The service this phone last joined for here (docs/regulars.md). */
    lastTime: 'Last time',
    /** The list of services' name, for screen readers. */
    servicesLabel: 'Services',
  },
  loading: 'Loading…',
  /** The language picker could not fetch the chosen language's words (offline). */
  languageFailed: 'We could not load that language. Check your connection and try again.',
} as const;

export default landingWords;
export type LandingWords = Widen<typeof landingWords>;
