/**
 * The words the landing page's own entry shows (landing.tsx, docs/decisions/0009). Kept apart from
 * texts.ts, which holds every other page's and the console's words and spreads these in, so the
 * first page a walk-in opens does not download the whole app's text (~5 KB gzip). Quoted strings
 * marked "spec" must match ../shared/spec/walkin-spec.md word for word.
 */
export const landingTexts = {
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
  },
  loading: 'Loading…',
} as const;
