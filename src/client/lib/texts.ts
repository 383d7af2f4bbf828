/**
 * Every word the customer sees, in one place per language. Quoted strings marked "spec" must
 * match ../shared/spec/walkin-spec.md word for word.
 */
export const texts = {
  appName: 'CheckN Walkin Service', // spec §1
  home: {
    tagline: 'Join the line from your phone. We will text you when it is your turn.',
    codeLabel: 'Business code',
    codeHint: 'The code is on the sign at the front desk, or at the end of the link you were given.',
    codeRequired: 'Please enter a business code',
    open: 'Open',
    demo: 'Try the demo salon',
  },
  landing: {
    heading: 'Walk ins', // spec §2
    subheading: 'Select your service', // spec §2
    next: 'Next',
    selectService: 'Please select service', // spec §5
    logoAlt: (company: string) => `${company} logo`,
    notFoundTitle: 'Business not found',
    notFoundBody: (companyId: string) =>
      `We could not find a business with the code "${companyId}". Check the link or the code on the sign.`,
    loadFailedTitle: 'Could not load this page',
    loadFailedBody: 'Check your connection and try again.',
    retry: 'Try again',
    otherCode: 'Enter another code',
  },
  userInfo: {
    heading: 'Enter your name and phone number', // spec §2
    nameLabel: 'Name',
    phoneLabel: 'Phone number',
    phonePlaceholder: '+1 (###) ###-####', // spec §2 mask
    phoneInvalidHint: 'Phone number must have 10 digits',
    nameInvalidHint: 'Please enter your name',
    next: 'Next',
    missingNameAndPhone: 'Please enter name & phone number', // spec §5
    smsNote: 'We will text this number about your place in line.',
    back: 'Back',
    serviceLabel: 'Service',
    change: 'Change',
  },
  confirm: {
    title: (name: string) => `Hi ${name}`, // spec §2
    message: (service: string) => `Are you ready to request '${service}'?`, // spec §2
    yes: 'Yes',
    close: 'Close',
    joining: 'Joining…',
    failed: 'We could not add you to the wait list. Your details are kept; please try again.',
    offline: 'You seem to be offline. Your details are kept; try again when you are connected.',
  },
  checkedIn: {
    title: "You're on the list",
    sentTo: (provider: string, service: string) => `Your request was sent to ${provider} for ${service}.`, // spec §2
    textSent: "We've sent you a text message. Simply reply directly to that text message for updates.", // spec §2
    notFoundTitle: 'We could not find that place in line',
    notFoundBody: 'It may belong to another phone or browser. You can join again from the business page.',
    backToBusiness: 'Back to the business page',
  },
  notFound: {
    title: 'Page not found',
    body: 'The link may be mistyped or out of date.',
    home: 'Go to the home page',
  },
  error: {
    title: 'Oops!', // spec §2
    body: 'Sorry, an unexpected error has occurred.', // spec §2
    home: 'Go to the home page',
  },
  loading: 'Loading…',
} as const;
