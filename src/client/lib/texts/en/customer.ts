/**
 * Every word a customer page shows (the walk-in's pages, the kiosk, the lobby screen) in English,
 * beside the landing page's own (landing.ts). The console's words are in console.ts. Quoted
 * strings marked "spec" must match ../shared/spec/walkin-spec.md word for word.
 */
import type { Widen } from '../widen.ts';
import { listOf } from './list-of.ts';

const customerWords = {
  home: {
    tagline: 'Join the line from your phone. We will text you when it is your turn.',
    codeLabel: 'Business code',
    codeHint: 'The code is on the sign at the front desk, or at the end of the link you were given.',
    codeRequired: 'Please enter a business code',
    open: 'Open',
    demo: 'Try the demo salon',
  },
  userInfo: {
    heading: 'Enter your name and phone number', // spec §2
    description: (company: string, service: string) => `Join the wait list at ${company} for ${service}.`,
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
    // Back after joining (spec §4: after confirmation Next stays disabled).
    alreadyJoined: "You're already on the list from this page.",
    seeYourPlace: 'See your place in line',
  },
  confirm: {
    title: (name: string) => `Hi ${name}`, // spec §2
    message: (service: string) => `Are you ready to request '${service}'?`, // spec §2
    yes: 'Yes',
    close: 'Close',
    joining: 'Joining…',
    failed: 'We could not add you to the wait list. Your details are kept; please try again.',
    offline: 'You seem to be offline. Your details are kept; try again when you are connected.',
    // The join waits for the connection and goes out by itself when the phone is back online.
    waitingForConnection:
      "You're offline. Keep this page open: we'll add you to the list as soon as you're back online. Close this to cancel.",
    // Closed while the join waited for the connection: it was never sent (join-wait-list.ts).
    withdrawn: 'Cancelled: nothing was sent, and you are not on the wait list.',
  },
  checkedIn: {
    /** The page's title until the visit is known (the server renders someone else's link so). */
    loadingTitle: 'Your place in line',
    title: "You're on the list",
    sentTo: (provider: string, service: string) => `Your request was sent to ${provider} for ${service}.`, // spec §2
    textSent: "We've sent you a text message. Simply reply directly to that text message for updates.", // spec §2
    // Not shown in the spec: no text went out (texts turned off, STOP, or a limit on texts).
    textNotSent:
      'We could not send you a text message this time. Keep this page open: it shows your place in line.',
    // Not shown in the spec: the same page once the visit is over (done, no-show, left, removed).
    doneTitle: 'Thanks for coming in',
    offListTitle: "You're no longer in line",
    // A service request declined or not answered in time: the customer is not in the line (yet).
    requestEndedTitle: 'Not on the list yet',
    visitFor: (service: string, provider: string) => `${service} with ${provider}`,
    notFoundTitle: 'We could not find that place in line',
    notFoundBody: 'It may belong to another phone or browser. You can join again from the business page.',
    backToBusiness: 'Back to the business page',
  },
  request: {
    pending: (provider: string) => `Waiting for ${provider} to accept your request`,
    answerBy: (time: string) => `You will hear by ${time}.`,
    accepted: (provider: string) => `${provider} accepted your request.`,
    ended: (provider: string) => `${provider} can't take you right now.`,
    nextAvailableHint: 'Join the next available provider: you keep your place from when you arrived.',
    nextAvailable: 'Join the next available',
    joining: 'Joining…',
    failed: 'That did not work. Please try again.',
    joinWhenOnline:
      "You're offline. Keep this page open: you'll join the line as soon as you're back online.",
    follow: 'Follow your request',
    section: 'Requests',
    accept: 'Accept',
    decline: 'Decline',
    answerWithin: (minutes: number) => (minutes <= 0 ? 'answer now' : `answer within ${minutes} min`),
    declined: 'Declined: waiting for the customer',
    expired: 'Not answered in time: waiting for the customer',
    for: (provider: string) => `for ${provider}`,
    replyMinutes: 'Minutes a provider has to answer a request',
  },
  live: {
    position: (n: number) => (n === 1 ? "You're next in line" : `You're number ${n} in line`),
    /** The schedule's range (docs/wait-estimate.md): "About 25–40 min wait". */
    estimate: ({ low, high }: { low: number; high: number }) =>
      high <= 0
        ? 'Any minute now'
        : low === high
          ? `About ${high} min wait`
          : `About ${low}–${high} min wait`,
    /** Set on the board; the estimate above already counts it (issue 23). */
    runningBehind: (minutes: number) => `The salon is running ${minutes} minutes behind`,
    /** Why their place went up (further back): who came in ahead (place-change.ts, docs/wait-estimate.md). */
    cameIn: {
      appointments: (times: string[]) =>
        times.length === 1
          ? `An appointment for ${times[0]} checked in`
          : `Appointments for ${listOf(times)} checked in`,
      requests: (count: number, providers: string[]) =>
        `${count === 1 ? '1 person' : `${count} people`} asked for ${
          providers.length > 0 ? listOf(providers) : 'a provider'
        } before you`,
      rejoined: (count: number) =>
        count === 1
          ? 'Someone who joined before you is now waiting for the next available provider'
          : `${count} people who joined before you are now waiting for the next available provider`,
    },
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
    // Leave, Forget me and a service request made offline wait and go out once the phone is back.
    leaveWaitingForConnection:
      "You're offline. Keep this page open: we'll take you off the list as soon as you're back online.",
    chat: (provider: string) => `Message ${provider}`,
    joinAgain: 'Join again',
    reconnecting: 'Reconnecting… the page will update when you are back online.',
    notifyTitle: 'Get a notification when it is your turn',
    notifyBody: 'We will also text you. Notifications work while this page is closed.',
    // When the join's text did not go out, the page promises no texts.
    notifyBodyWithoutTexts: 'Notifications work while this page is closed.',
    notifyButton: 'Turn on notifications',
    notifyOn: 'Notifications are on.',
    // Permission given, but this device could not subscribe (no push service, offline).
    notifyFailed: 'We could not turn on notifications on this device. We will still text you.',
    notifyFailedWithoutTexts: 'We could not turn on notifications on this device. Keep this page open.',
    notifyRetry: 'Try again',
    notifyBlocked: 'Notifications are blocked in your browser settings; we will still text you.',
  },
  /** "I need more time" and "I'm here" on the checked-in page (docs/more-time.md). */
  moreTime: {
    label: 'Running late or here already',
    needMoreTime: 'I need more time',
    needLonger: 'Need longer?',
    minutes: (minutes: number) => `${minutes} more min`,
    imHere: "I'm here",
    heldUntil: (clock: string) => `We'll hold your place until ${clock}.`,
    movedBack: 'Your extra time ran out, so you were moved behind the customers who are here.',
    arrived: "You're checked in at the front desk. We'll call you when it's your turn.",
    waitingForConnection:
      "You're offline. Keep this page open: we'll tell the front desk when you're back online.",
    failed: 'Something went wrong. Please try again.',
  },
  /** "Text me when I'm N away" (docs/near-turn.md). */
  nearTurn: {
    label: 'Text me before my turn',
    legend: 'Text me when my turn is near',
    choices: {
      next: "When I'm next",
      ahead_2: 'When 2 ahead',
      ahead_3: 'When 3 ahead',
      ahead_5: 'When 5 ahead',
      minutes_15: 'About 15 min before',
      off: "Don't text me",
    },
    /** What the customer will get, under the choices. */
    willText: {
      next: "We'll text you when you're next.",
      ahead_2: "We'll text you when 2 people are ahead of you.",
      ahead_3: "We'll text you when 3 people are ahead of you.",
      ahead_5: "We'll text you when 5 people are ahead of you.",
      minutes_15: "We'll text you about 15 minutes before your turn.",
      off: "We won't text you before your turn. We'll still text you when it's your turn.",
    },
    texted: 'We texted you: your turn is near. Please head back now.',
    toldNoText: 'Your turn is near. Please head back now.',
    waitingForConnection: "You're offline. Your choice will be saved when you're back online.",
  },
  /** The rating page a text links to after the visit (docs/feedback.md). */
  /** "People in your party" on the join forms (docs/party-size.md). */
  partySize: {
    label: 'People in your party',
    note: 'Count yourself too. Each person gets a place of their own in line, next to yours.',
    option: (size: number) => (size === 1 ? 'Just me' : `${size} people`),
    /** The customer's page, and the board's label over a party's rows. */
    partyOf: (size: number) => `Party of ${size}`,
    member: (position: number, size: number) => `${position} of ${size}`,
    partyLine: (size: number) =>
      `Party of ${size}: you and ${size - 1 === 1 ? '1 other' : `${size - 1} others`}, together in line. "I need more time", "I'm here" and Leave count for everyone.`,
    leaveBody: (size: number) =>
      `You and the ${size - 1 === 1 ? 'other person' : `${size - 1} others`} in your party will lose your places in line.`,
  },
  /** The business's own questions under name and phone (docs/join-fields.md). */
  joinFields: {
    optional: (label: string) => `${label} (optional)`,
  },
  feedback: {
    title: 'Rate your visit',
    heading: 'How did we do?',
    visit: (service: string, provider: string | null, day: string) =>
      provider ? `${service} with ${provider} · ${day}` : `${service} · ${day}`,
    ratingLabel: 'Your rating',
    stars: (stars: number) => (stars === 1 ? '1 star' : `${stars} stars`),
    saving: 'Saving…',
    happy: 'Thank you! We are glad you enjoyed your visit.',
    reviewAsk: 'Would you tell others? It helps a small business a lot.',
    leaveReview: (site: string | null) => (site ? `Leave a review on ${site}` : 'Leave a review'),
    sorry: 'We are sorry your visit was not better.',
    whatWentWrong: 'What went wrong?',
    whatWentWrongHint: 'Only the owner reads this. Optional.',
    charactersLeft: (left: number) => `${left} characters left`,
    send: 'Send to the owner',
    sent: 'Thank you for telling us. The owner will read it.',
    changeNote: 'You can change your rating for 7 days after your visit.',
    linkNotFoundTitle: 'This link does not work',
    linkExpiredTitle: 'This link has expired',
    waitingForConnection: "You're offline. Your rating will be sent when you're back online.",
  },
  chat: {
    title: 'Chat',
    placeholder: 'Write a message', // spec §2
    send: 'Send',
    empty: 'No messages yet. Ask a question or tell us you are running late.',
    tooLong: (max: number) => `Messages can be at most ${max} characters`,
    failed: 'Your message was not sent. It is still in the box; please try again.',
    // A send made offline waits and goes out by itself once the phone is back online.
    waitingForConnection: "You're offline. Your message will be sent when you're back online.",
    notFoundTitle: 'We could not find that conversation',
    notFoundBody: 'It may belong to another phone or browser.',
    back: 'Back to your place in line',
    /** Said by screen readers when a message arrives from the other side. */
    newMessage: (author: string, message: string) => `New message from ${author}: ${message}`,
    /** What a screen reader says before the reader's own message ("You: On my way"). */
    you: 'You',
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
    waitingForConnection:
      "You're offline. Keep this page open: your request will be sent as soon as you're back online.",
    allSet: "You're all set!", // spec §2
    sentTo: (provider: string) => `Your request was sent to ${provider}!`, // spec §2
    textSent: 'We just sent you a text message.', // spec §2
    textNotSent: 'We could not send you a text message this time. The provider has your request.',
    missingLink: 'This link is missing the business. Ask your provider for a new one.',
    linkNotValid: 'This link does not work',
    unknownProvider: 'That provider does not work at this business. Ask them for a new link.',
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
  // The tablet at the door (issue 13, docs/door.md).
  kiosk: {
    title: (business: string) => `${business} · Join the wait list`,
    notFoundBody: 'This kiosk is set up for a business we cannot find. Please ask at the front desk.',
    back: 'Back',
    thanks: (name: string) => `Thank you, ${name}!`,
    onTheList: (service: string) => `You're on the list for ${service}.`,
    textComing: "You'll get a text message with updates. Reply to it to reach us.",
    askAtDesk: 'Ask at the front desk for updates on your place in line.',
    startOver: 'Done',
    returnsBySelf: (seconds: number) =>
      `Tap anywhere to finish. This screen clears itself in ${seconds} seconds.`,
    // A join waiting for the connection is withdrawn if the guest walks away (docs/door.md).
    waitingForConnection:
      "You're offline. Please stay here: we'll add you to the list as soon as the kiosk is back online. Close this to cancel.",
    // A guest at the door cannot connect the tablet, nor wait out an hour's limit (docs/door.md).
    joinUnreachable:
      'The kiosk cannot reach the wait list right now. Please try again, or ask at the front desk.',
    joinLimited:
      'This kiosk cannot add anyone to the wait list for now. Please ask at the front desk: they can add you.',
    startOverAfterError: 'Start over',
    stillThereTitle: 'Are you still there?',
    stillThereBody: (seconds: number) =>
      `This screen clears in ${seconds} seconds so the next guest can start.`,
    stillHere: "I'm still here",
  },
  // The TV in the waiting area (issue 24, docs/lobby-screen.md).
  lobbyScreen: {
    title: (company: string) => `Lobby screen · ${company}`,
    nowServing: 'Now serving',
    upNext: 'Up next',
    called: 'Please come to the front desk',
    inService: 'In service',
    withProvider: (provider: string) => `with ${provider}`,
    nobodyServing: 'Nobody right now',
    nobodyWaiting: 'No one is waiting',
    moreWaiting: (count: number) => `+ ${count} more waiting`,
    joinFromPhone: 'Join from your phone',
    scanToJoin: 'Scan the code, or open',
    reconnecting: 'Reconnecting…',
    loading: 'Loading the lobby screen…',
    resetTitle: "This screen's link was reset",
    resetBody: 'Open it again from the console: Board, then "Lobby screen".',
    invalidTitle: 'This link does not open a lobby screen',
    invalidBody:
      'It may have been reset, or copied incompletely. Open the lobby screen from the console: Board, then "Lobby screen".',
  },
  // Retention and erasure (issue 13, docs/privacy.md).
  privacy: {
    forgetMe: 'Forget me',
    forgetTitle: 'Erase your details?',
    forgetBody: (company: string, inLine: boolean) =>
      `${inLine ? `You will leave the wait list at ${company}. ` : ''}Your name, phone number and messages at ${company} will be erased, and we will stop texting you. This cannot be undone.`,
    forgetConfirm: 'Erase my details',
    forgetCancel: 'Keep them',
    forgetFailed: 'We could not erase your details. Please try again.',
    forgetWaitingForConnection:
      "You're offline. Keep this page open: your details will be erased as soon as you're back online.",
    erasedTitle: 'Your details were erased',
    erasedBody: (company: string) =>
      `You are off the wait list at ${company}, and your name, phone number and messages are gone. This phone no longer remembers them either.`,
    startAgain: 'Start again',
  },
} as const;

export default customerWords;
export type CustomerWords = Widen<typeof customerWords>;
