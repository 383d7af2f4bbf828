import {
  type CalendarFeedStatus,
  type SyncAge,
  syncAgeOf,
} from '../../../../shared/calendar-feed-schemas.ts';
import { consoleTexts } from '../../../lib/console-texts.ts';

function agoWords(age: SyncAge): string {
  const t = consoleTexts.calendarFeeds;
  if (age.unit === 'now') return t.justNow;
  if (age.unit === 'minutes') return t.minutesAgo(age.count);
  if (age.unit === 'hours') return t.hoursAgo(age.count);
  return t.daysAgo(age.count);
}

/**
 * A feed's state in one line, in the console's words (read as the row renders): "Synced 2 min
 * ago · 14 events", "Not synced yet", or the last error (with when it last worked, since the
 * blocks from then are still in use).
 */
export function describeCalendarFeed(feed: CalendarFeedStatus, now: number): string {
  const t = consoleTexts.calendarFeeds;
  if (feed.lastError) {
    return feed.lastSuccessAt
      ? t.failedSince(feed.lastError, agoWords(syncAgeOf(feed.lastSuccessAt, now)))
      : feed.lastError;
  }
  if (!feed.lastSuccessAt) return t.notSynced;
  return t.synced(agoWords(syncAgeOf(feed.lastSuccessAt, now)), feed.eventCount);
}
