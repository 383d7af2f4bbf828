/**
 * Why a calendar feed could not be read, kept as what happened rather than as words: the feed's
 * state stores it (provider_calendar_feeds.last_error, as JSON) and Settings words it in the
 * reader's console language when it is read (docs/languages.md).
 */
import * as z from 'zod/mini';
import type { ConsoleLanguage } from '../../../shared/languages.ts';
import en, { type FeedProblemWords } from './texts/en.ts';
import es from './texts/es.ts';

export const FEED_PROBLEM_WORDS: Record<ConsoleLanguage, FeedProblemWords> = { en, es };

const feedProblemSchema = z.discriminatedUnion('code', [
  z.object({
    code: z.enum([
      'notHttps',
      'privateAddress',
      'unknownHost',
      'unreachable',
      'tooManyRedirects',
      'notACalendar',
      'tooComplex',
      'unreadable',
    ]),
  }),
  z.object({ code: z.literal('timedOut'), seconds: z.number() }),
  z.object({ code: z.literal('tooLarge'), size: z.string() }),
  z.object({ code: z.literal('httpStatus'), status: z.number() }),
]);

export type FeedProblem = z.infer<typeof feedProblemSchema>;

export function feedProblemText(problem: FeedProblem, language: ConsoleLanguage): string {
  const words = FEED_PROBLEM_WORDS[language];
  switch (problem.code) {
    case 'timedOut':
      return words.timedOut(problem.seconds);
    case 'tooLarge':
      return words.tooLarge(problem.size);
    case 'httpStatus':
      return words.httpStatus(problem.status);
    default:
      return words[problem.code];
  }
}

/** The stored form of a problem (the last_error column). */
export const storedFeedProblem = (problem: FeedProblem): string => JSON.stringify(problem);

/**
 * A stored last_error in `language`. A feed that last failed before problems were stored as JSON
 * holds its English sentence, shown as it is until the next sync replaces it; a problem this
 * version does not know (written by a newer one) reads as an unreadable calendar, never as JSON.
 */
export function storedFeedProblemText(stored: string, language: ConsoleLanguage): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return stored;
  }
  const problem = feedProblemSchema.safeParse(parsed);
  return feedProblemText(problem.success ? problem.data : { code: 'unreadable' }, language);
}
