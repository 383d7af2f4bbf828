import type { Queryable } from '../../db/database.ts';
import type { BusyBlock } from './ics-feed-result.ts';

/** A feed a poller has claimed: it alone syncs it for the next 5 minutes. */
export interface ClaimedFeed {
  providerId: string;
  companyId: string;
  url: string;
  timeZone: string;
}

export interface FeedStatusRow {
  providerId: string;
  providerName: string;
  url: string | null;
  lastAttemptAt: Date | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
  eventCount: number | null;
}

/** The time between two syncs of one feed (issue 23), and the age of a claim another may take over. */
export const FEED_SYNC_INTERVAL_SQL = "interval '5 minutes'";

export function createCalendarFeedRepository(db: Queryable) {
  return {
    /** Sets (or replaces) a provider's feed; a new link starts over: no status, no blocks. */
    async saveFeed(companyId: string, providerId: string, url: string): Promise<boolean> {
      const { rows } = await db.query(
        `with saved as (
           insert into provider_calendar_feeds (provider_id, company_id, url)
           select id, company_id, $3 from providers where id = $2 and company_id = $1 and active
           on conflict (provider_id) do update
             set url = excluded.url, last_attempt_at = null, last_success_at = null, last_error = null, event_count = 0
             where provider_calendar_feeds.url is distinct from excluded.url
           returning provider_id
         ), cleared as (
           delete from provider_busy_blocks
            where provider_id in (select provider_id from saved) and source = 'ics'
         )
         select 1 as found from providers where id = $2 and company_id = $1 and active`,
        [companyId, providerId, url],
      );
      return rows.length > 0;
    },

    /** Removes a provider's feed and the busy blocks it brought; false when no such provider here. */
    async removeFeed(companyId: string, providerId: string): Promise<boolean> {
      const { rows } = await db.query(
        `with removed as (
           delete from provider_calendar_feeds where provider_id = $2 and company_id = $1
         ), cleared as (
           delete from provider_busy_blocks where provider_id = $2 and company_id = $1 and source = 'ics'
         )
         select 1 as found from providers where id = $2 and company_id = $1 and active`,
        [companyId, providerId],
      );
      return rows.length > 0;
    },

    /** Each active provider of the business with their feed's state (null columns without one). */
    async listFeedStatuses(companyId: string): Promise<FeedStatusRow[]> {
      const { rows } = await db.query<FeedStatusRow>(
        `select p.id as "providerId", p.name as "providerName", f.url,
                f.last_attempt_at as "lastAttemptAt", f.last_success_at as "lastSuccessAt",
                f.last_error as "lastError", f.event_count as "eventCount"
           from providers p
           left join provider_calendar_feeds f on f.provider_id = p.id
          where p.company_id = $1 and p.active
          order by p.position, p.name`,
        [companyId],
      );
      return rows;
    },

    /**
     * Claims up to `limit` feeds due for a sync (never tried, or tried 5 minutes ago or more) in
     * one statement: the attempt time is the claim, and rows another process is claiming are
     * skipped, so each feed is fetched by one process at a time, however many share the database.
     */
    async claimDueFeeds(limit: number): Promise<ClaimedFeed[]> {
      const { rows } = await db.query<ClaimedFeed>(
        `update provider_calendar_feeds f set last_attempt_at = now()
           from companies c
          where c.id = f.company_id
            and f.provider_id in (
              select due.provider_id from provider_calendar_feeds due
                join providers p on p.id = due.provider_id and p.active
               where due.last_attempt_at is null or due.last_attempt_at <= now() - ${FEED_SYNC_INTERVAL_SQL}
               order by due.last_attempt_at nulls first
               limit $1
               for update of due skip locked
            )
          returning f.provider_id as "providerId", f.company_id as "companyId", f.url, c.time_zone as "timeZone"`,
        [limit],
      );
      return rows;
    },

    /** Claims one provider's feed now, whenever it was last tried ("Sync now"). */
    async claimFeed(companyId: string, providerId: string): Promise<ClaimedFeed | null> {
      const { rows } = await db.query<ClaimedFeed>(
        `update provider_calendar_feeds f set last_attempt_at = now()
           from companies c
          where c.id = f.company_id and f.provider_id = $2 and f.company_id = $1
          returning f.provider_id as "providerId", f.company_id as "companyId", f.url, c.time_zone as "timeZone"`,
        [companyId, providerId],
      );
      return rows[0] ?? null;
    },

    /**
     * A successful sync: the provider's feed blocks become exactly these, in one statement (one
     * transaction), unless the link was changed or removed meanwhile (the blocks would be the
     * old calendar's). False then.
     */
    async replaceBlocks(feed: ClaimedFeed, blocks: readonly BusyBlock[]): Promise<boolean> {
      const { rows } = await db.query(
        `with feed as (
           update provider_calendar_feeds
              set last_success_at = now(), last_error = null, event_count = $4
            where provider_id = $2 and company_id = $1 and url = $3
           returning provider_id, company_id
         ), cleared as (
           delete from provider_busy_blocks b using feed
            where b.provider_id = feed.provider_id and b.source = 'ics'
         ), added as (
           insert into provider_busy_blocks (company_id, provider_id, starts_at, ends_at, source)
           select feed.company_id, feed.provider_id, block.starts_at, block.ends_at, 'ics'
             from feed, unnest($5::timestamptz[], $6::timestamptz[]) as block(starts_at, ends_at)
         )
         select 1 as found from feed`,
        [
          feed.companyId,
          feed.providerId,
          feed.url,
          blocks.length,
          blocks.map((block) => new Date(block.startsAt).toISOString()),
          blocks.map((block) => new Date(block.endsAt).toISOString()),
        ],
      );
      return rows.length > 0;
    },

    /** A failed sync keeps the blocks it had and says why. */
    async recordFailure(feed: ClaimedFeed, message: string): Promise<void> {
      await db.query(
        'update provider_calendar_feeds set last_error = $4 where provider_id = $2 and company_id = $1 and url = $3',
        [feed.companyId, feed.providerId, feed.url, message],
      );
    },

    /** Busy blocks of the business's active providers overlapping [from, to), by start. */
    async listBusyBlocks(
      companyId: string,
      from: Date,
      to: Date,
    ): Promise<{ providerId: string; startsAt: Date; endsAt: Date }[]> {
      const { rows } = await db.query<{ providerId: string; startsAt: Date; endsAt: Date }>(
        `select b.provider_id as "providerId", b.starts_at as "startsAt", b.ends_at as "endsAt"
           from provider_busy_blocks b
           join providers p on p.id = b.provider_id and p.active
          where b.company_id = $1 and b.starts_at < $3 and b.ends_at > $2
          order by b.provider_id, b.starts_at`,
        [companyId, from, to],
      );
      return rows;
    },
  };
}

export type CalendarFeedRepository = ReturnType<typeof createCalendarFeedRepository>;
