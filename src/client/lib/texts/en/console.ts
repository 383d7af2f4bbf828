/**
 * The staff console's own words in English. The console shows the customer pages' words too
 * (console-texts.ts adds them, and a section both have, such as \`privacy\`, holds both): a
 * board row says a status the way the customer's page does.
 */
import type { StaffAction } from '../../../../shared/wait-status.ts';
import waitStatusWords from '../../../../shared/wait-status-words/en.ts';
import type { Widen } from '../widen.ts';
import { listOf } from './list-of.ts';

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

const consoleWords = {
  console: {
    title: 'CheckN console',
    /** The console's menu, for screen readers. */
    navLabel: 'Console',
    signInTitle: 'Sign in to your business',
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    signingIn: 'Signing in…',
    signInFailed: 'We could not sign you in. Please try again.',
    chooseBusinessTitle: 'Choose a business',
    chooseBusinessIntro: 'You work at more than one business. Which one are you signing in to?',
    chooseAnotherAccount: 'Use another email',
    signOut: 'Sign out',
    board: 'Board',
    waiting: 'Waiting',
    called: 'Called',
    inService: 'In service',
    finished: 'Finished today',
    /** A board row's status and its buttons (shared/wait-status.ts). */
    statuses: waitStatusWords,
    actions: {
      call: 'Call',
      start: 'Start',
      done: 'Done',
      'no-show': 'No-show',
      remove: 'Remove',
    } satisfies Record<StaffAction, string>,
    emptyBoard: 'Nobody is waiting. New walk-ins appear here as they join.',
    /** "I need more time" (docs/more-time.md): minutes left of the held place. */
    backIn: (minutes: number) => `Back in ${minutes} min`,
    movedBack: 'Moved back',
    inLobby: 'In the lobby',
    waitedFor: (minutes: number) => (minutes < 1 ? 'just now' : `${minutes} min`),
    provider: 'Provider',
    anyProvider: 'Anyone',
    more: 'More',
    chat: 'Chat',
    closeChat: 'Close chat',
    actionFailed: 'That did not work. The board has been refreshed; please try again.',
    offline: 'Connection lost. Reconnecting…',
    offlineEverywhere:
      "You're offline. What you change now is sent when you're back online, and the board catches up then.",
    newArrival: 'New',
    /** Said by screen readers as walk-ins arrive on the board. */
    newArrivals: (count: number) => (count === 1 ? '1 new walk-in' : `${count} new walk-ins`),
    loadFailed: 'Could not load the board.',
    answeredBy: (name: string) => `${name} is answering.`,
    answeredByDesk: 'The front desk answers this conversation.',
    youAnswer: 'You are answering.',
    chatNoLongerYours: "This customer is now another provider's: their conversation is no longer shown here.",
    takeOver: 'Take over',
    postAsBusiness: (business: string) => `Post as ${business}`,
    notFoundBody: 'There is no such page in the console, or it is not open to your role.',
    toBoard: 'Go to the board',
    chatEmpty:
      'No messages yet. Write to the customer here; a customer who allowed texts also gets it by text.',
    unread: (count: number) => `${count} unread`,
    soundOn: 'Sound for new walk-ins and messages',
    titleFlash: 'New!',
    pendingAction: (name: string, noShow: boolean) =>
      noShow ? `${name} marked as a no-show.` : `${name} removed from the list.`,
    undo: 'Undo',
    mine: 'Mine',
    everyone: 'Everyone',
    mineEmpty: 'None of your customers or unassigned walk-ins are here right now.',
    notYours: (provider: string) => `${provider}'s customer`,
    unlinked:
      'Your account is not linked to a provider. Ask the business owner to add you again on the People page, linked to your provider.',
  },
  /** A returning customer on the board (docs/regulars.md). */
  regulars: {
    /** "5th visit · last: Haircut with Maria, Oct 3" */
    visit: (visitNumber: number) => `${ordinal(visitNumber)} visit`,
    lastVisit: (service: string, provider: string | null, date: string) =>
      `last: ${service}${provider ? ` with ${provider}` : ''}, ${date}`,
    note: 'Note',
    noteBy: (name: string | null, date: string) => (name ? `${name}, ${date}` : date),
    addNote: 'Add note',
    editNote: 'Edit note',
    noteFor: (name: string) => `Note about ${name}`,
    noteHint: 'Kept for this phone number at your business, as long as its visits are kept.',
    save: 'Save note',
    saving: 'Saving…',
    cancel: 'Cancel',
    saveFailed: 'The note was not saved. Please try again.',
  },
  hours: {
    title: 'Opening hours',
    aroundTheClock: 'Open around the clock',
    setHours: 'Set opening hours',
    aroundTheClockHint:
      'Customers can join at any hour. Set opening hours so they cannot join while you are closed.',
    hint: (timeZone: string) =>
      `Customers can join only while you are open, in your time zone (${timeZone}). A day can have a break: add hours.`,
    weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    closed: 'Closed',
    opensOn: (day: string) => `Opens on ${day}`,
    closesOn: (day: string) => `Closes on ${day}`,
    addRange: 'Add hours',
    specialDays: 'Special days',
    specialDaysHint: 'Holidays and other days: closed, or other hours than usual.',
    date: 'Date',
    closedAllDay: 'Closed all day',
    addSpecialDay: 'Add a special day',
    lastCall: 'Last walk-in (minutes before closing)',
    lastCallHint:
      'Walk-ins stop this many minutes before closing, and also when the wait would run past closing.',
    caps: 'Limits',
    maxWaiting: 'Most people waiting (optional)',
    maxWaitMinutes: 'Longest wait in minutes (optional)',
    capsHint: 'When the line reaches a limit, customers read "The wait list is full right now".',
  },
  /** The board's bar and Settings' opening hours (docs/opening-hours.md). */
  intake: {
    taking: 'Taking walk-ins',
    notTaking: 'Not taking walk-ins.',
    customersSee: 'Customers see:',
    aroundTheClock: 'Open around the clock: no opening hours are set.',
    setHours: 'Set opening hours',
    pause: 'Pause the list',
    pausing: 'Pausing…',
    resume: 'Resume',
    pauseTitle: 'Pause the wait list',
    pauseIntro:
      'Customers cannot join until you resume. Everyone already waiting keeps their place, and the desk can still add walk-ins.',
    message: 'Message for customers (optional)',
    resumeIn: 'Resume',
    untilResumed: 'When I resume it',
    afterMinutes: (minutes: number) =>
      minutes < 60 ? `In ${minutes} minutes` : `In ${minutes / 60} hour${minutes === 60 ? '' : 's'}`,
    failed: 'That did not go through. Please try again.',
    runningBehind: (minutes: number) => `Running ${minutes} min behind`,
    onTime: 'On time',
    behindLabel: 'Running behind',
    behindMinutes: (minutes: number) => `${minutes} minutes behind`,
    textWaiting: 'Text everyone waiting',
    setBehind: 'Set',
    texted: (count: number) => `Texted ${count} ${count === 1 ? 'customer' : 'customers'}.`,
  },
  deskWalkIn: {
    textsLanguage: 'Texts in',
    textsLanguageHint: 'The language of the texts this guest gets.',
    open: 'Add walk-in',
    title: 'Add a walk-in',
    name: 'Name',
    phone: 'Phone number (optional)',
    phoneHint: 'With a number they get the text and can reply; without one they are on the board only.',
    phoneIncomplete: 'Enter all 10 digits of the phone number, or leave it empty.',
    service: 'Service',
    pickService: 'Pick a service',
    add: 'Add to the list',
    adding: 'Adding…',
    failed: 'That did not go through. Check the board before trying again: they may have been added.',
    noPhone: 'No phone',
  },
  appointments: {
    open: 'Book',
    title: 'Book an appointment',
    phoneHint: 'With a number they get the join text when they arrive.',
    provider: 'Provider',
    pickProvider: 'Pick a provider',
    date: 'Date',
    time: 'Time',
    book: 'Book',
    booking: 'Booking…',
    failed: 'That did not go through. Check Coming up before trying again: it may have been booked.',
    lane: 'Coming up',
    arrived: 'Arrived',
    missed: 'Missed',
    cancel: 'Cancel',
    /** The accessible name of a row's button: which appointment it acts on. */
    actionFor: (action: string, name: string) => `${action}: ${name}`,
    withProvider: (provider: string) => `with ${provider}`,
  },
  roles: { owner: 'Owner', front_desk: 'Front desk', provider: 'Provider' } as const,
  people: {
    title: 'People',
    intro:
      'Everyone who works the wait list. Add a person, then hand them their link: it lets them choose a password and works once, for 72 hours.',
    name: 'Name',
    email: 'Email',
    role: 'Role',
    provider: 'Which provider',
    pickProvider: 'Pick a provider',
    noProviders: 'Add providers in Settings first.',
    roleHints: {
      owner: 'Everything, including settings, people and insights.',
      front_desk: 'The board, chat, texts and walk-ins; no settings, people or insights.',
      provider: 'Their own customers on the board and in chat.',
    },
    add: 'Add person',
    adding: 'Adding…',
    invited: 'Has not set a password yet',
    linkUntil: (when: string) => `Link works until ${when}`,
    you: 'You',
    notLinked: 'Not linked to a provider',
    linkFor: (name: string) => `Link for ${name}`,
    linkHint: 'Send or show this link to them now: it is shown only once and works one time.',
    copy: 'Copy link',
    copied: 'Copied',
    done: 'Done',
    reset: 'New password link',
    resetConfirm: (name: string) =>
      `Give ${name} a new password link? Their current password stops working and they are signed out everywhere.`,
    remove: 'Remove',
    removeConfirm: (name: string) => `Remove ${name}? They are signed out at once and can no longer sign in.`,
    confirm: 'Yes',
    cancel: 'Cancel',
    failed: 'That did not work. Please try again.',
  },
  account: {
    title: 'Your account',
    language: 'Language',
    languageHint: 'The console on this device. Each customer sees their own language.',
    signedInAs: (email: string) => `Signed in as ${email}`,
    changePassword: 'Change your password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    newPasswordHint: 'At least 10 characters. Your other devices are signed out.',
    save: 'Change password',
    saving: 'Changing…',
    saved: 'Your password is changed.',
  },
  welcome: {
    title: 'Choose your password',
    resetTitle: 'Choose a new password',
    intro: (name: string, business: string) =>
      `Hi ${name}, this sets your password for ${business}'s console.`,
    email: 'Your sign-in email',
    password: 'New password',
    passwordHint: 'At least 10 characters.',
    submit: 'Save and sign in',
    submitting: 'Saving…',
    checking: 'Checking your link…',
    invalid: 'This link has expired or was already used. Ask the business owner for a new one.',
    failed: 'We could not save your password. Please try again.',
  },
  settings: {
    /** The business's language (docs/languages.md). */
    language: 'Language of the business',
    languageHint:
      "Customers see the pages in their phone's language when CheckN speaks it, and in this one otherwise. The kiosk starts every guest in it, and walk-ins added at the desk get their texts in it.",
    title: 'Settings',
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
    // A save made offline waits (TanStack Query pauses it) and goes out once the device is back.
    savingWhenOnline: "You're offline. This will be saved when you're back online.",
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
    removeProviderTitle: (name: string) => `Remove ${name}?`,
    removeProviderText: (name: string) =>
      `${name} will no longer be offered on the board. Their waiting customers go to:`,
    moveCustomersTo: 'Their waiting customers go to',
    removeProviderConfirm: 'Remove provider',
    smsTexts: 'Text messages',
    smsTextsHint:
      'Leave empty for the default shown in grey. {business}, {service} and {name} are filled in.',
    /** Under each custom text, as the owner types (sms-length.ts); issue 27. */
    smsTextsLanguage: 'Wording for customers who read',
    smsTextsLanguageHint: 'Each customer is texted in the language they joined in.',
    smsLength: (length: {
      texts: number;
      characters: number;
      perText: number;
      unicode: boolean;
      outsideGsm: string[];
    }) => {
      const texts = length.texts === 1 ? '1 text' : `${length.texts} texts`;
      if (!length.unicode)
        return `As sent: ${texts}, ${length.characters} characters (${length.perText} per text).`;
      const shown = length.outsideGsm.slice(0, 3).map((character) => `"${character}"`);
      const named = `${listOf(shown)}${length.outsideGsm.length > 3 ? ' and others' : ''}`;
      return `As sent: ${texts}, ${length.characters} characters. ${named} ${length.outsideGsm.length === 1 ? 'is' : 'are'} outside the basic text alphabet, so each text holds only ${length.perText} characters and costs more.`;
    },
    smsJoinText: 'Text when someone joins',
    smsCalledText: 'Text when you call someone',
    nearTurnDefault: 'Text customers when their turn is near',
    nearTurnHint: 'One text per visit. Customers can change this on their own page.',
    nearTurnChoices: {
      next: "When they're next",
      ahead_2: 'When 2 are ahead of them',
      ahead_3: 'When 3 are ahead of them',
      ahead_5: 'When 5 are ahead of them',
      minutes_15: 'About 15 minutes before their turn',
      off: "Don't text",
    },
    logo: 'Logo',
    reviewUrlPlaceholder: 'https://g.page/r/…/review',
    logoHint: 'A square JPEG or PNG picture of at most 5 MB. It shows at the top of your walk-in page.',
    // The server's own words (logo-image.ts), said before a file that cannot pass is sent.
    logoTooLarge: 'The logo can be at most 5 MB. Save a smaller picture and try again.',
    logoNotJpegOrPng: 'The logo must be a JPEG or PNG picture.',
    uploadLogo: 'Upload a logo',
    link: 'Your walk-in page',
    joinFields: 'Questions when customers join',
    joinFieldsHint: (max: number) =>
      `Up to ${max} questions of your own, asked under name and phone when customers join (on their phone, the kiosk and Add walk-in), for example "Stylist preference". Removing one keeps what earlier customers answered.`,
    joinFieldLabel: 'Question',
    joinFieldMaxLength: 'Longest answer',
    joinFieldRequired: 'Required',
    addJoinField: 'Add a question',
    removeJoinField: (label: string) => `Remove ${label || 'this question'}`,
    partySize: 'Parties',
    largestParty: 'Largest party',
    largestPartyHint:
      'Customers joining on their phone can bring people with them, up to this many in all. Each person gets a place of their own on the board, linked to the others. With 1, the join form does not ask.',
    largestPartyOption: (size: number) => (size === 1 ? "1 (don't ask)" : `${size} people`),
    feedback: 'Feedback after the visit',
    askFeedback: 'Ask customers to rate their visit',
    askFeedbackHint:
      'When you mark a visit Done, the customer gets one text with a link to rate it from 1 to 5 stars (if they allowed texts). What unhappy customers write is shown to you alone, in Insights.',
    reviewUrl: 'Your review link (optional)',
    reviewUrlHint:
      'Customers who give 4 or 5 stars are offered this link, for example your Google review page. Starts with https://',
    localAddress: (host: string) =>
      `${host} is an address of this computer: customers' phones cannot open this link, and the texts and the poster carry it. Set PUBLIC_URL to the address customers use (for example https://wait.example.com) and restart CheckN.`,
  },
  /** Who works when (docs/schedule.md): the board's floor strip and Settings' schedules. */
  schedule: {
    floorTitle: 'Who is on the floor',
    floorStates: { on_floor: 'On the floor', on_break: 'On break', off: 'Off' } as const,
    /** The select's name for a screen reader: whose state it sets. */
    floorStateOf: (name: string) => `${name}: on the floor, on break or off`,
    floorFailed: 'That did not change. Please try again.',
    title: 'Who works when',
    hint: (timeZone: string) =>
      `Times are the business's (${timeZone}). A shift that ends at or before it starts runs past midnight.`,
    allHours: 'Works all opening hours',
    weeklyShifts: 'Weekly shifts',
    off: 'Off',
    from: 'From',
    to: 'To',
    rangeLabel: (day: string, which: 'From' | 'To', index: number) =>
      `${day}${index > 0 ? ` (shift ${index + 1})` : ''} ${which.toLowerCase()}`,
    nextDay: 'next day',
    sameTime: 'A shift must end after it starts',
    addHours: (day: string) => `Add hours on ${day}`,
    addHoursShort: 'Add hours',
    removeHours: (day: string, from: string, to: string) => `Remove ${day} ${from}–${to}`,
    daysOff: 'Days off',
    noDaysOff: 'No days off coming up.',
    dayOffDate: 'Day off',
    addDayOff: 'Add day off',
    removeDayOff: (day: string) => `Remove the day off on ${day}`,
    services: 'Services they do',
    servicesHint: 'None ticked: every service.',
    allServices: 'Every service',
    // Monday first: a salon's week; the data's weekday numbers stay 0 Sunday … 6 Saturday.
    weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const,
    loadFailed: 'Could not load the schedules.',
  },
  calendarFeeds: {
    title: 'Appointment calendars',
    hint: "Paste the calendar (ICS) link each provider's booking app gives (Square, Vagaro, Booksy, Google Calendar): their appointments block their time in the wait estimate. Read every 5 minutes.",
    link: (provider: string) => `Calendar link for ${provider}`,
    placeholder: 'https://… or webcal://…',
    linked: (hint: string) => `Linked: ${hint} (paste a new link to replace it)`,
    notLinked: 'No calendar linked',
    save: 'Save link',
    syncNow: 'Sync now',
    syncing: 'Syncing…',
    remove: 'Remove',
    notSynced: 'Not synced yet',
    /** "Synced 2 min ago · 14 events". */
    synced: (ago: string, events: number) => `Synced ${ago} · ${events} ${events === 1 ? 'event' : 'events'}`,
    /** The last sync's failure, then since when the old events are used. */
    failedSince: (error: string, ago: string) => `${error} Last synced ${ago}.`,
    justNow: 'just now',
    minutesAgo: (minutes: number) => `${minutes} min ago`,
    hoursAgo: (hours: number) => `${hours} h ago`,
    daysAgo: (days: number) => `${days} ${days === 1 ? 'day' : 'days'} ago`,
  },
  apiKeys: {
    title: 'API keys',
    hint: 'Let your other software (a POS, a booking tool, Zapier) read your line, or also add walk-ins and call, start and finish them. Each program gets its own key; revoke one and that program stops at once.',
    docs: 'How to use the API',
    empty: 'No keys yet.',
    name: 'What will use the key',
    namePlaceholder: 'Front desk POS',
    scope: 'It may',
    scopes: { read: 'Read the line', read_write: 'Read and change the line' },
    make: 'Make key',
    madeBy: (who: string | null, when: string) => (who ? `Made by ${who}, ${when}` : `Made ${when}`),
    lastUsed: (when: string | null) => (when ? `Last used ${when}` : 'Never used'),
    revoke: 'Revoke',
    revokeTitle: (name: string) => `Revoke the key ${name}?`,
    revokeText:
      'The program that holds this key stops working with CheckN at once. This cannot be undone: it will need a new key.',
    revokeConfirm: 'Revoke key',
    cancel: 'Cancel',
    shownTitle: (name: string) => `Your new key: ${name}`,
    shownHint:
      'Copy it now and paste it into the program. It is shown only this once: CheckN keeps no copy it can show again.',
    copy: 'Copy key',
    copied: 'Copied',
    done: 'Done',
    failed: 'That did not work. Please try again.',
  },
  webhooks: {
    title: 'Webhooks',
    hint: "CheckN tells your other software of each join, call, start, finish, no-show, leave and request answer as it happens, by posting to an https address you give. Each post is signed with the address's secret (Standard Webhooks), so your software can check it came from here.",
    empty: 'No addresses yet.',
    url: 'Address that receives the events',
    urlPlaceholder: 'https://…',
    add: 'Add address',
    on: (lastSuccess: string | null) =>
      lastSuccess ? `On. Last delivered ${lastSuccess}.` : 'On. Nothing delivered yet.',
    off: (reason: string | null) => `Off. ${reason ?? 'Turned off.'}`,
    turnOn: 'Turn on',
    showSecret: 'Show signing secret',
    hideSecret: 'Hide signing secret',
    secret: 'Signing secret',
    copySecret: 'Copy secret',
    copied: 'Copied',
    rotate: 'Rotate secret',
    rotatedUntil: (until: string) =>
      `The previous secret also signs until ${until}, while your software switches over.`,
    remove: 'Remove',
    removeTitle: (url: string) => `Remove ${url}?`,
    removeText: 'CheckN stops telling this address of changes, and its delivery log is deleted.',
    removeConfirm: 'Remove address',
    cancel: 'Cancel',
    showLog: 'Delivery log',
    hideLog: 'Hide delivery log',
    logEmpty: 'Nothing sent to this address yet.',
    states: {
      pending: (next: string | null, tries: number) =>
        tries === 0 ? 'Waiting to be sent' : `Try ${tries} failed; next try ${next ?? 'soon'}`,
      sending: 'Sending',
      delivered: (tries: number) => (tries > 1 ? `Delivered after ${tries} tries` : 'Delivered'),
      failed: (tries: number) => `Failed after ${tries} tries`,
    },
    replay: 'Replay',
    replayed: 'Sent again',
    offNotice:
      'A webhook address was turned off after failing for hours: your other software is not hearing of changes. See Settings, Webhooks.',
    failed: 'That did not work. Please try again.',
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
    /** Outbox only: a phone the business never texted writes to it (a join by text). */
    newNumber: {
      title: 'Text the business as a new number',
      note: 'As a customer who never came here would, from their phone: JOIN (or any text) starts a join by text. Its answers show below; reply to them as this customer.',
      phone: 'Phone number',
      body: 'Text',
      send: 'Send text',
      sent: 'Text received',
      notNew: 'This number is on your list but was never texted: you cannot write as them.',
      failed: 'Could not send that text. Please try again.',
    },
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
    range: 'Range',
    presets: { today: 'Today', '7': '7 days', '30': '30 days', '90': '90 days', custom: 'Custom' },
    firstDay: 'First day',
    lastDay: 'Last day',
    show: 'Show',
    rangeHeading: (from: string, to: string, timeZone: string) =>
      from === to ? `${from} · ${timeZone}` : `${from} – ${to} · ${timeZone}`,
    visits: 'Visits',
    averageWait: 'Average wait',
    waitNote: (p90: number | null, visits: number) =>
      p90 === null ? 'No one was called yet.' : `9 in 10 waited ${p90} min or less (${visits} visits).`,
    noShowRate: 'No-show rate',
    noShowNote: (noShows: number, called: number) => `${noShows} of ${called} called visits`,
    estimate: 'Wait estimates',
    estimateOff: (minutes: number) => `off by ${minutes} min`,
    estimateNote: (visits: number, estimated: number | null, waited: number | null) =>
      visits === 0
        ? 'No visit in this range has both an estimate and a wait.'
        : `Median error over ${visits} visits. Estimated ${estimated} min on average; they waited ${waited}.`,
    joinsPerDay: 'Walk-ins per day',
    arrivals: 'Arrivals by day of the week and hour',
    arrivalsNote: "Hours in the business's time zone.",
    noArrivals: 'No arrivals in this range.',
    weekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const,
    hour: (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12}${hour < 12 ? 'a' : 'p'}`,
    funnel: 'The walk-in funnel',
    funnelSteps: ['Opened the page', 'Picked a service', 'Entered name and phone', 'Joined'] as const,
    byService: 'Per service',
    byProvider: 'Per provider',
    service: 'Service',
    provider: 'Provider',
    unassigned: 'No provider',
    noShows: 'No-shows',
    noShowCell: (noShows: number, called: number) =>
      called === 0 ? '–' : `${noShows} of ${called} (${Math.round((noShows / called) * 100)} %)`,
    noVisits: 'No visits in this range.',
    export: 'Export',
    withContacts: 'Include names and phone numbers',
    withContactsNote: 'Only for your own records: the file then holds personal data.',
    download: 'Download CSV',
    minutes: (n: number) => `${n} min`,
    none: '–',
    loadFailed: 'Could not load these insights.',
    ratings: 'Ratings after the visit',
    ratingsNote: (ratings: number) =>
      ratings === 0
        ? 'No ratings in this range.'
        : `${ratings} ${ratings === 1 ? 'rating' : 'ratings'} of visits in this range.`,
    averageRating: (average: number) => `${average.toFixed(1)} of 5`,
    starsRow: (stars: number) => (stars === 1 ? '1 star' : `${stars} stars`),
    comments: 'What went wrong (latest)',
    commentsNote: 'Only you see these: not the front desk, not the providers.',
    noComments: 'No comments in this range.',
    commentMeta: (stars: number, service: string, provider: string | null, at: string) =>
      `${stars} ${stars === 1 ? 'star' : 'stars'} · ${service}${provider ? ` with ${provider}` : ''} · ${at}`,
  },
  // The printable poster at /console/poster (issue 13).
  poster: {
    title: 'Wait list poster',
    scanToJoin: 'Scan to join the wait list',
    orVisit: 'Or open',
    print: 'Print',
    back: (toSettings: boolean) => (toSettings ? 'Back to Settings' : 'Back to the board'),
    hint: 'Prints on one Letter or A4 page. Put it by the door or on the desk.',
    qrLabel: (url: string) => `QR code for ${url}`,
    qrFailed: 'The QR code could not be drawn. The link below still works.',
    localAddress: (host: string) =>
      `This QR code and link point to ${host}, an address of this computer that customers' phones cannot open. Set PUBLIC_URL to the address customers use (for example https://wait.example.com), restart CheckN, then print.`,
  },
  door: {
    printPoster: 'Print a poster',
    openKiosk: 'Open the kiosk',
    hint: 'The kiosk is the walk-in page for a tablet at the door: each guest joins, and it clears itself for the next.',
  },
  lobbyScreen: {
    // The console's side: the board's button and the owner's Settings card.
    open: 'Lobby screen',
    openFromSettings: 'Open the lobby screen',
    openHint: 'Opens in a new tab: drag it to the TV and press F11 for full screen.',
    settingsTitle: 'Lobby screen',
    settingsHint:
      'A page for a TV in the waiting area: who is being served and who is next, live. Only first names and initials are shown, never phone numbers.',
    nameStyleLegend: 'Show names as',
    nameStyles: {
      first_name_last_initial: 'First name and last initial (Maria G.)',
      initials: 'Initials only (M. G.)',
    },
    save: 'Save',
    reset: 'Reset the link',
    cancel: 'Cancel',
    resetConfirm:
      'Reset the link? Any screen open with the current link stops at once and must be opened again from the console.',
    resetDone: 'The link was reset. Open the screen again from the console.',
    loadFailed: 'The lobby screen link could not be loaded.',
  },
  privacy: {
    // The board's row of a visit whose details were erased (Forget me, retention).
    erasedName: 'Details erased',
    retentionDays: "Delete customers' names and phone numbers this many days after their visit",
    retentionHint: 'Visits stay, without names, so Insights still count them. From 1 to 3650 days.',
    customersTitle: 'Customers',
    customersIntro:
      "Find a customer by phone number to see their visits, download their data, or erase it. Customers' names and numbers are deleted by themselves after the days set in Settings.",
    phoneLabel: 'Phone number',
    find: 'Find',
    noVisits: 'No visits with this number (or their details were already erased).',
    visitsOf: (phone: string, count: number) => `${count} ${count === 1 ? 'visit' : 'visits'} with ${phone}`,
    optedOut: 'This number sent STOP: it gets no texts. That stays so even after an erase.',
    visitLine: (service: string, provider: string | null) =>
      provider ? `${service} with ${provider}` : service,
    exportData: 'Download their data',
    exporting: 'Preparing…',
    eraseData: 'Erase their data',
    eraseTitle: 'Erase this customer?',
    eraseBody: (phone: string) =>
      `Every visit with ${phone} loses its name and phone number, their messages and texts are deleted, and a waiting visit leaves the list. Visits stay, without names, for Insights. This cannot be undone.`,
    eraseConfirm: 'Erase',
    eraseCancel: 'Cancel',
    erased: (count: number) => `Erased ${count} ${count === 1 ? 'visit' : 'visits'}.`,
  },
} as const;

export default consoleWords;
export type ConsoleWords = Widen<typeof consoleWords>;
