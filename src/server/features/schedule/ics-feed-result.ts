/**
 * What reading a calendar feed gives (ics-feed.ts), apart from the reader: the main thread imports
 * these without loading ical.js, which only the feed thread needs (ics-feed-thread.ts).
 */
import { type FeedProblem, feedProblemText } from './feed-problems.ts';

/** A time the provider is busy: epoch ms, [startsAt, endsAt). */
export interface BusyBlock {
  startsAt: number;
  endsAt: number;
}

export interface IcsReadLimits {
  /** Blocks kept from one feed; a salon's two weeks hold a few hundred at most. */
  maxBlocks: number;
  /**
   * Occurrences walked for one repeating event, from its first one (years back, perhaps) to the
   * window's end: bounds a FREQ=MINUTELY rule that started in 1990.
   */
  maxOccurrencesPerEvent: number;
}

export const DEFAULT_ICS_READ_LIMITS: IcsReadLimits = { maxBlocks: 5_000, maxOccurrencesPerEvent: 20_000 };

export interface IcsReadResult {
  /** Sorted by start; each overlaps the window (and is not cut to it). */
  blocks: BusyBlock[];
  /** A limit was reached: some of the feed's times in the window are missing. */
  truncated: boolean;
  /** Events that could not be read (a broken date, say) and were left out. */
  skippedEvents: number;
}

/**
 * A feed that cannot be read, with why (`problem`): Settings words it for the owner, in their
 * language, as something they can act on; the message is the English words, for logs.
 */
export class IcsFeedError extends Error {
  readonly problem: FeedProblem;

  constructor(problem: FeedProblem, options?: { cause?: unknown }) {
    super(feedProblemText(problem, 'en'), options);
    this.name = 'IcsFeedError';
    this.problem = problem;
  }
}
