/**
 * What CheckN texts, in English (docs/text-messages.md, docs/languages.md). Placeholders:
 * {business}, {service}, {name}, {provider}, {link}, {minutes}, {ahead}, filled by the statement
 * that queues the text. Every text names the business: customers may be on several lists. Each
 * other language's file has this shape (SmsWords).
 */
const smsWords = {
  join: "{business}: you're on the wait list for {service}. Reply to this text to message us. Reply STOP to opt out.",
  called: "{business}: it's your turn, {name}! Please come to the front desk.",
  serviceRequest:
    '{business}: your request was sent to {provider}. Reply to this text to message us. Reply STOP to opt out.',
  /** A request declined or unanswered in time (issue 12); {link} opens the customer's page. */
  requestEnded:
    "{business}: {provider} can't take you right now. Join the next available provider, keeping your place: {link}",
  /** "Running behind" on the board, when the staff choose to tell everyone waiting (issue 23). */
  runningBehind:
    "{business}: we're running about {minutes} minutes behind. You keep your place in line. Thank you for your patience!",
  /**
   * "Text me when I'm N away" (docs/near-turn.md): once per visit. The words say where they stand
   * when it is sent: next, {ahead} before them, or about {minutes} minutes (a multiple of 5).
   * Plain GSM characters (no dashes or curly quotes), so each fits one text with a business name
   * of up to 80 characters.
   */
  nearTurnNext: "{business}: you're next! Please head back now so you don't miss your turn.",
  nearTurnAhead: "{business}: you're almost up, {ahead} ahead of you. Please head back now.",
  nearTurnMinutes: '{business}: your turn is about {minutes} min away. Please head back now.',
  /** When staff mark a visit Done and the business asks for feedback (docs/feedback.md). */
  feedback: '{business}: thanks for visiting! How did we do? Tap to rate your visit: {link}',
  /** Answers to the carriers' keywords, in the language of the number's latest visit. */
  replies: {
    stop: 'You will get no more texts from CheckN wait lists. Reply START to turn them back on.',
    start: (business: string) => `${business}: texts are back on. Reply STOP to opt out.`,
    help: (business: string) =>
      `${business} wait list. Reply to this text to message the front desk. Reply STOP to opt out.`,
  },
};

export default smsWords;

type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Widen<R>
    : T extends object
      ? { readonly [K in keyof T]: Widen<T[K]> }
      : T;
export type SmsWords = Widen<typeof smsWords>;
