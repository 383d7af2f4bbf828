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
    // Not shown in the spec: no text went out (texts turned off, STOP, or a limit on texts).
    textNotSent:
      'We could not send you a text message this time. Keep this page open: it shows your place in line.',
    notFoundTitle: 'We could not find that place in line',
    notFoundBody: 'It may belong to another phone or browser. You can join again from the business page.',
    backToBusiness: 'Back to the business page',
  },
  live: {
    position: (n: number) => (n === 1 ? "You're next in line" : `You're number ${n} in line`),
    estimate: (minutes: number) => (minutes <= 0 ? 'Any minute now' : `About ${minutes} min wait`),
    called: "It's your turn! Please come to the front desk.",
    calledBy: (provider: string, station: string) =>
      station ? `${provider} is ready for you at ${station}.` : `${provider} is ready for you.`,
    inService: "You're being served. Enjoy!",
    done: (company: string) => `All done. Thank you for visiting ${company}!`,
    noShow: 'We called you but could not find you. Join again if you are still here.',
    cancelled: 'You are no longer on the wait list.',
    leave: 'Leave the wait list',
    leaveTitle: 'Leave the wait list?',
    leaveBody: 'You will lose your place in line.',
    leaveConfirm: 'Leave',
    stay: 'Stay in line',
    leaveFailed: 'We could not take you off the list. Please try again.',
    chat: (provider: string) => `Message ${provider}`,
    joinAgain: 'Join again',
    reconnecting: 'Reconnecting… the page will update when you are back online.',
    notifyTitle: 'Get a notification when it is your turn',
    notifyBody: 'We will also text you. Notifications work while this page is closed.',
    // When the join's text did not go out, the page promises no texts.
    notifyBodyWithoutTexts: 'Notifications work while this page is closed.',
    notifyButton: 'Turn on notifications',
    notifyOn: 'Notifications are on.',
    notifyBlocked: 'Notifications are blocked in your browser settings; we will still text you.',
  },
  chat: {
    title: 'Chat',
    placeholder: 'Write a message', // spec §2
    send: 'Send',
    empty: 'No messages yet. Ask a question or tell us you are running late.',
    tooLong: (max: number) => `Messages can be at most ${max} characters`,
    failed: 'Your message was not sent. It is still in the box; please try again.',
    notFoundTitle: 'We could not find that conversation',
    notFoundBody: 'It may belong to another phone or browser.',
    back: 'Back to your place in line',
  },
  addClient: {
    title: 'Request a service',
    firstName: 'First name',
    lastName: 'Last name',
    phone: 'Phone number',
    send: 'Send',
    sending: 'Sending…',
    missing: 'Please enter name & phone number', // spec §5
    failed: 'Your request was not sent. Your details are kept; please try again.',
    allSet: "You're all set!", // spec §2
    sentTo: (provider: string) => `Your request was sent to ${provider}!`, // spec §2
    textSent: 'We just sent you a text message.', // spec §2
    textNotSent: 'We could not send you a text message this time. The provider has your request.',
    missingLink: 'This link is missing the business. Ask your provider for a new one.',
  },
  console: {
    title: 'CheckN console',
    signInTitle: 'Sign in to your business',
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    signingIn: 'Signing in…',
    signInFailed: 'We could not sign you in. Please try again.',
    signOut: 'Sign out',
    board: 'Board',
    waiting: 'Waiting',
    called: 'Called',
    inService: 'In service',
    finished: 'Finished today',
    emptyBoard: 'Nobody is waiting. New walk-ins appear here as they join.',
    waitedFor: (minutes: number) => (minutes < 1 ? 'just now' : `${minutes} min`),
    provider: 'Provider',
    anyProvider: 'Anyone',
    more: 'More',
    chat: 'Chat',
    closeChat: 'Close chat',
    actionFailed: 'That did not work. The board has been refreshed; please try again.',
    offline: 'Connection lost. Reconnecting…',
    newArrival: 'New',
    loadFailed: 'Could not load the board.',
  },
  settings: {
    title: 'Settings',
    ownerOnly: 'Only the owner can change settings.',
    business: 'Business',
    name: 'Business name',
    street: 'Street address',
    city: 'City',
    state: 'State',
    zip: 'ZIP',
    timeZone: 'Time zone',
    timeZoneHint: "Insights count the business's day, and chat shows times, in this zone.",
    save: 'Save',
    saving: 'Saving…',
    saved: 'Saved',
    services: 'Services',
    servicesHint: 'Walk-ins pick from these, in this order. Minutes feed the wait estimate.',
    usingDefaults: 'No services set: customers see the ten standard ones.',
    serviceName: 'Service',
    minutes: 'Minutes',
    addService: 'Add a service',
    remove: 'Remove',
    providers: 'Providers',
    providerName: 'Name',
    speciality: 'Speciality',
    station: 'Station',
    addProvider: 'Add provider',
    smsTexts: 'Text messages',
    smsTextsHint:
      'Leave empty for the default shown in grey. {business}, {service} and {name} are filled in.',
    smsJoinText: 'Text when someone joins',
    smsCalledText: 'Text when you call someone',
    logo: 'Logo',
    logoHint: 'A square JPEG of at most 1 MB. It shows at the top of your walk-in page.',
    uploadLogo: 'Upload a logo',
    link: 'Your walk-in page',
  },
  sms: {
    title: 'Text messages',
    outboxNote:
      'Texts are not sent to phones: SMS_DRIVER is "outbox". Read them here and answer as the customer would from their phone.',
    twilioNote: 'Texts go out through Twilio. Customers answer from their phones.',
    empty: 'No texts yet. Each walk-in who joins gets one.',
    to: 'To',
    from: 'From',
    replyAs: 'Reply as this customer',
    replyPlaceholder: 'Type a reply, or STOP / START / HELP',
    send: 'Send reply',
    sent: 'Reply received',
    failed: 'Could not send that reply.',
    status: {
      queued: 'Queued',
      sending: 'Sending',
      sent: 'Sent',
      delivered: 'Delivered',
      failed: 'Failed',
      received: 'Received',
      undelivered: 'Undelivered',
      blocked: 'Not sent',
    } as Record<string, string>,
  },
  insights: {
    title: 'Insights',
    joinsPerDay: 'Walk-ins per day, last 14 days',
    funnel: 'The walk-in funnel, last 14 days',
    funnelSteps: ['Opened the page', 'Picked a service', 'Entered name and phone', 'Joined'] as const,
    averageWait: 'Average wait before being called',
    noShowRate: 'No-show rate',
    minutes: (n: number) => `${n} min`,
    none: 'No data yet',
    ofFinished: (noShows: number, finished: number) => `${noShows} of ${finished} finished visits`,
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
