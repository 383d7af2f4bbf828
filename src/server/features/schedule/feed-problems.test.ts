import { describe, expect, it } from 'vitest';
import { CONSOLE_LANGUAGES } from '../../../shared/languages.ts';
import { FEED_PROBLEM_WORDS, type FeedProblem, feedProblemText } from './feed-problems.ts';
import { storedFeedProblem, storedFeedProblemText } from './stored-feed-problem.ts';

const PROBLEMS: FeedProblem[] = [
  { code: 'notHttps' },
  { code: 'privateAddress' },
  { code: 'unknownHost' },
  { code: 'unreachable' },
  { code: 'tooManyRedirects' },
  { code: 'notACalendar' },
  { code: 'tooComplex' },
  { code: 'unreadable' },
  { code: 'timedOut', seconds: 10 },
  { code: 'tooLarge', size: '2 MB' },
  { code: 'httpStatus', status: 404 },
];

describe("a calendar feed's problem, in the console's languages", () => {
  it('has words for every problem in every console language, each its own', () => {
    expect(PROBLEMS.map((problem) => problem.code).sort()).toEqual(Object.keys(FEED_PROBLEM_WORDS.en).sort());
    for (const language of CONSOLE_LANGUAGES) {
      const texts = PROBLEMS.map((problem) => feedProblemText(problem, language));
      expect(new Set(texts).size, language).toBe(PROBLEMS.length);
    }
    // Spanish is not English left untranslated.
    for (const problem of PROBLEMS)
      expect(feedProblemText(problem, 'es')).not.toBe(feedProblemText(problem, 'en'));
  });

  it("writes the problem's figures into its words", () => {
    expect(feedProblemText({ code: 'timedOut', seconds: 1 }, 'en')).toBe(
      'The calendar did not answer within 1 second.',
    );
    expect(feedProblemText({ code: 'timedOut', seconds: 10 }, 'es')).toBe(
      'El calendario no respondió en 10 segundos.',
    );
    expect(feedProblemText({ code: 'httpStatus', status: 404 }, 'es')).toContain('(HTTP 404)');
    expect(feedProblemText({ code: 'tooLarge', size: '2 MB' }, 'es')).toBe(
      'El archivo del calendario pesa más de 2 MB.',
    );
  });

  it('reads back what it stored, and shows an older stored sentence as it is', () => {
    for (const problem of PROBLEMS)
      expect(storedFeedProblemText(storedFeedProblem(problem), 'es')).toBe(feedProblemText(problem, 'es'));
    expect(storedFeedProblemText('We could not reach the calendar.', 'es')).toBe(
      'We could not reach the calendar.',
    );
    // A problem a newer version stored reads as an unreadable calendar, never as JSON.
    expect(storedFeedProblemText('{"code":"newerProblem"}', 'es')).toBe(FEED_PROBLEM_WORDS.es.unreadable);
  });
});
