/**
 * What CheckN texts, with the business's own wording when it set one. Placeholders: {business},
 * {service}, {name}, filled in that order by the statement that queues the text (the join's and
 * the call's: wait-list.repository.ts). Every text names the business: customers may be on
 * several lists.
 */
export const DEFAULT_SMS_TEXTS = {
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
} as const;

/**
 * A feedback text as the front desk may read it on the Text messages page: without the rating
 * link's token, which would open the customer's rating and comment, the owner's alone
 * (docs/feedback.md).
 */
export function withoutFeedbackToken(body: string): string {
  return body.replace(/#t=[A-Za-z0-9_-]+/, '#t=…');
}

export const SMS_REPLIES = {
  stop: 'You will get no more texts from CheckN wait lists. Reply START to turn them back on.',
  start: (business: string) => `${business}: texts are back on. Reply STOP to opt out.`,
  help: (business: string) =>
    `${business} wait list. Reply to this text to message the front desk. Reply STOP to opt out.`,
} as const;

/** Carriers' opt-out and help keywords (CTIA; the ones Twilio recognises). */
export const STOP_WORDS = new Set([
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'OPTOUT',
  'REVOKE',
]);
export const START_WORDS = new Set(['START', 'YES', 'UNSTOP', 'OPTIN']);
export const HELP_WORDS = new Set(['HELP', 'INFO']);

/** A staff chat message as a text: the business name first, long messages shortened. */
export function chatText(business: string, message: string): string {
  const text = `${business}: ${message}`;
  return text.length > 320 ? `${text.slice(0, 317)}...` : text;
}

export function keywordOf(body: string): 'stop' | 'start' | 'help' | null {
  const word = body
    .trim()
    .toUpperCase()
    .replace(/[.!]+$/, '');
  if (STOP_WORDS.has(word)) return 'stop';
  if (START_WORDS.has(word)) return 'start';
  if (HELP_WORDS.has(word)) return 'help';
  return null;
}
