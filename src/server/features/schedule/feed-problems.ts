/**
 * Why a calendar feed could not be read, kept as what happened rather than as words: the feed's
 * state stores it (stored-feed-problem.ts) and Settings words it in the reader's console language
 * when it is read (docs/languages.md). The feed thread loads this too: nothing here but words.
 */
import type { ConsoleLanguage } from '../../../shared/languages.ts';
import en, { type FeedProblemWords } from './texts/en.ts';
import es from './texts/es.ts';

export const FEED_PROBLEM_WORDS: Record<ConsoleLanguage, FeedProblemWords> = { en, es };

/** What went wrong, with the figures its words need. */
export type FeedProblem =
  | {
      code:
        | 'notHttps'
        | 'privateAddress'
        | 'unknownHost'
        | 'unreachable'
        | 'tooManyRedirects'
        | 'notACalendar'
        | 'tooComplex'
        | 'unreadable';
    }
  | { code: 'timedOut'; seconds: number }
  | { code: 'tooLarge'; size: string }
  | { code: 'httpStatus'; status: number };

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
