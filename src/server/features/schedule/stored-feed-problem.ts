/**
 * A feed's problem as provider_calendar_feeds.last_error keeps it: JSON, checked when read back.
 * Apart from feed-problems.ts so that the feed thread, which only throws problems, loads no schema.
 */
import * as z from 'zod/mini';
import type { ConsoleLanguage } from '../../../shared/languages.ts';
import { type FeedProblem, feedProblemText } from './feed-problems.ts';

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

// The schema reads back exactly the problems there are: a code added to one and not the other fails here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaMatchesProblems: Same<z.infer<typeof feedProblemSchema>, FeedProblem> = true;
void schemaMatchesProblems;

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
