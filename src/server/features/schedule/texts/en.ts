/**
 * Why a provider's calendar feed could not be read, as Settings says it to the owner
 * (docs/appointments.md), in English: the reference for the other console languages' files.
 */
const feedProblemWords = {
  notHttps: 'This calendar link must start with https://',
  privateAddress: 'This calendar link points to a private network address.',
  unknownHost: 'We could not find the server of this calendar link. Check the link.',
  unreachable: 'We could not reach the calendar. Check the link, or try again later.',
  tooManyRedirects: 'This calendar link redirects too many times.',
  timedOut: (seconds: number) =>
    `The calendar did not answer within ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  /** `size`: "2 MB", "512 KB". */
  tooLarge: (size: string) => `The calendar file is larger than ${size}.`,
  httpStatus: (status: number) =>
    `The calendar link answered with an error (HTTP ${status}). Check the link.`,
  notACalendar: 'This link did not return a calendar (ICS) file.',
  tooComplex: 'This calendar is too large to read. Try a link to a smaller calendar.',
  unreadable: 'We could not read this calendar. Please try again later.',
};

export type FeedProblemWords = typeof feedProblemWords;

export default feedProblemWords;
