import type { FastifyBaseLogger } from 'fastify';
import {
  type CalendarFeedRequest,
  type CalendarFeedsResponse,
  calendarLinkHint,
} from '../../../shared/calendar-feed-schemas.ts';
import type { ConsoleLanguage } from '../../../shared/languages.ts';
import { addDays, instantAt, localDateTime } from '../../../shared/local-time.ts';
import { backgroundFailureLevel } from '../../db/connection-errors.ts';
import { AppError } from '../../errors.ts';
import type { CalendarFeedRepository, ClaimedFeed } from './calendar-feed.repository.ts';
import type { FeedProblem } from './feed-problems.ts';
import { type BusyBlock, IcsFeedError } from './ics-feed-result.ts';
import { readBusyBlocksInThread } from './ics-feed-thread.ts';
import type { IcsFeedFetcher } from './ics-fetch.ts';
import { storedFeedProblem, storedFeedProblemText } from './stored-feed-problem.ts';

/** Each process looks for due feeds this often; a feed is synced every 5 minutes (the repository's claim). */
const POLL_MS = 60_000;
/** Feeds claimed at once by one process: each may take up to the fetch's 10 s deadline. */
const FEEDS_PER_CLAIM = 4;
/** The longest `stop` waits for a pass under way. */
const STOP_WAIT_MS = 5_000;
/** The window kept: from yesterday (an appointment still running) to this many days ahead. */
const DAYS_AHEAD = 14;

/** An unexpected error's name and message, the feed's link cut out of it. */
function withoutLink(error: unknown, url: string): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.split(url).join('[calendar link]');
}

/** Busy intervals per provider id, epoch ms [start, end), by start: what the wait estimate takes. */
export type BusyBlocksByProvider = Record<string, [number, number][]>;

export type SyncOutcome =
  | { ok: true; eventCount: number }
  | { ok: false; problem: FeedProblem }
  | { ok: 'superseded' };

/**
 * A provider's outside calendar (issue 23): the owner sets a feed link per provider; every
 * process polls the due ones; each sync replaces that provider's busy blocks, and a failed one
 * keeps them and says why. docs/appointments.md.
 */
export function createCalendarFeedService(deps: {
  feeds: CalendarFeedRepository;
  fetchFeed: IcsFeedFetcher;
  logger: FastifyBaseLogger;
  now?: () => number;
}) {
  const { feeds, fetchFeed, logger } = deps;
  const now = deps.now ?? Date.now;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> | null = null;
  let stopped = false;

  /** Yesterday's midnight to midnight after DAYS_AHEAD days, on the business's clock. */
  function keptWindow(timeZone: string): { from: number; to: number } {
    const today = localDateTime(now(), timeZone).date;
    return {
      from: instantAt(addDays(today, -1), 0, timeZone),
      to: instantAt(addDays(today, DAYS_AHEAD + 1), 0, timeZone),
    };
  }

  async function readFeed(feed: ClaimedFeed): Promise<BusyBlock[]> {
    const text = await fetchFeed(feed.url);
    return (
      await readBusyBlocksInThread({ text, window: keptWindow(feed.timeZone), timeZone: feed.timeZone })
    ).blocks;
  }

  /** Fetches and reads one claimed feed, and stores the blocks or the reason it failed. */
  async function syncClaimed(feed: ClaimedFeed): Promise<SyncOutcome> {
    let blocks: BusyBlock[];
    try {
      blocks = await readFeed(feed);
    } catch (error) {
      const problem: FeedProblem = error instanceof IcsFeedError ? error.problem : { code: 'unreadable' };
      // Never the link: it carries the calendar's private token.
      if (!(error instanceof IcsFeedError))
        logger.warn(
          { providerId: feed.providerId, reason: withoutLink(error, feed.url) },
          'calendar feed: sync failed',
        );
      await feeds.recordFailure(feed, storedFeedProblem(problem));
      return { ok: false, problem };
    }
    const stored = await feeds.replaceBlocks(feed, blocks);
    return stored ? { ok: true, eventCount: blocks.length } : { ok: 'superseded' };
  }

  /** One poller pass: claims due feeds a few at a time until none is due. */
  async function syncDueFeeds(): Promise<number> {
    let synced = 0;
    while (!stopped) {
      const due = await feeds.claimDueFeeds(FEEDS_PER_CLAIM);
      await Promise.all(due.map(syncClaimed));
      synced += due.length;
      if (due.length < FEEDS_PER_CLAIM) break;
    }
    return synced;
  }

  function runPass(): void {
    if (pass || stopped) return;
    pass = syncDueFeeds()
      .then(() => undefined)
      .catch((error: unknown) =>
        logger[backgroundFailureLevel(error)]({ err: error }, 'calendar feeds: poll failed'),
      )
      .finally(() => {
        pass = null;
      });
  }

  function requireFound(found: boolean): void {
    if (!found) throw new AppError('CALENDAR_PROVIDER_NOT_FOUND');
  }

  return {
    syncDueFeeds,

    /** Polls every minute in this process; `stop` waits for a pass under way. */
    start(): void {
      timer = setInterval(runPass, POLL_MS);
      timer.unref();
    },

    /**
     * Waits for a pass under way, but not for its slowest fetch (10 s) and read (20 s): the server
     * stops within its own deadline, and a feed left half-synced is claimed again in 5 minutes.
     */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([pass, new Promise((resolve) => (waited = setTimeout(resolve, STOP_WAIT_MS)))]);
      clearTimeout(waited);
    },

    /** Each provider's feed and its state; why one failed in `language`, the reader's. */
    async listFeeds(companyId: string, language: ConsoleLanguage): Promise<CalendarFeedsResponse> {
      const rows = await feeds.listFeedStatuses(companyId);
      return {
        providers: rows.map((row) => ({
          providerId: row.providerId,
          providerName: row.providerName,
          feed:
            row.url === null
              ? null
              : {
                  urlHint: calendarLinkHint(row.url),
                  lastAttemptAt: row.lastAttemptAt ? new Date(row.lastAttemptAt).toISOString() : null,
                  lastSuccessAt: row.lastSuccessAt ? new Date(row.lastSuccessAt).toISOString() : null,
                  lastError: row.lastError === null ? null : storedFeedProblemText(row.lastError, language),
                  eventCount: row.eventCount ?? 0,
                },
        })),
      };
    },

    /** Sets a provider's feed link and syncs it at once, so the owner sees whether it works. */
    async setFeed(companyId: string, providerId: string, request: CalendarFeedRequest): Promise<void> {
      requireFound(await feeds.saveFeed(companyId, providerId, request.url));
      await this.syncNow(companyId, providerId);
    },

    async removeFeed(companyId: string, providerId: string): Promise<void> {
      requireFound(await feeds.removeFeed(companyId, providerId));
    },

    /** "Sync now": a provider's feed, whenever it was last synced. */
    async syncNow(companyId: string, providerId: string): Promise<void> {
      const feed = await feeds.claimFeed(companyId, providerId);
      if (!feed) throw new AppError('CALENDAR_PROVIDER_NOT_FOUND');
      await syncClaimed(feed);
    },

    /** The busy blocks of each active provider overlapping [from, to) (the wait estimate's input). */
    async listBusyBlocks(companyId: string, from: number, to: number): Promise<BusyBlocksByProvider> {
      const rows = await feeds.listBusyBlocks(companyId, new Date(from), new Date(to));
      const byProvider: BusyBlocksByProvider = {};
      for (const row of rows) {
        const interval: [number, number] = [new Date(row.startsAt).getTime(), new Date(row.endsAt).getTime()];
        const intervals = byProvider[row.providerId] ?? [];
        intervals.push(interval);
        byProvider[row.providerId] = intervals;
      }
      return byProvider;
    },
  };
}

export type CalendarFeedService = ReturnType<typeof createCalendarFeedService>;
