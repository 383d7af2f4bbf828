/**
 * A provider's calendar feed (issue 23: appointments booked in Square, Vagaro, Booksy or Google
 * Calendar block that provider's time): the owner's form and the server's routes parse with these.
 */
import * as z from 'zod/mini';

/** Feed links with a token run to a few hundred characters; this leaves room and bounds the row. */
export const CALENDAR_FEED_URL_MAX_LENGTH = 2048;

const NOT_A_CALENDAR_LINK = 'Paste the calendar link that starts with https:// or webcal://';

/** Whether a text is an https or webcal link (webcal is what "Subscribe" buttons give: https by another name). */
export function isCalendarLink(text: string): boolean {
  try {
    const url = new URL(text);
    return ['https:', 'webcal:', 'webcals:'].includes(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}

export const calendarFeedRequestSchema = z.object({
  url: z
    .string(NOT_A_CALENDAR_LINK)
    .check(
      z.trim(),
      z.minLength(1, 'Paste the calendar link'),
      z.maxLength(CALENDAR_FEED_URL_MAX_LENGTH, 'That link is too long'),
      z.refine(isCalendarLink, NOT_A_CALENDAR_LINK),
    ),
});
export type CalendarFeedRequest = z.infer<typeof calendarFeedRequestSchema>;

export const calendarFeedStatusSchema = z.object({
  /** The link's scheme and host only ("https://calendar.google.com/…"): the rest is often a secret token. */
  urlHint: z.string(),
  lastAttemptAt: z.nullable(z.string()),
  lastSuccessAt: z.nullable(z.string()),
  /** The last sync's failure in words; null once a sync succeeds. */
  lastError: z.nullable(z.string()),
  /** Busy blocks read at the last success. */
  eventCount: z.number(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

export const providerCalendarFeedSchema = z.object({
  providerId: z.string(),
  providerName: z.string(),
  feed: z.nullable(calendarFeedStatusSchema),
});
export type ProviderCalendarFeed = z.infer<typeof providerCalendarFeedSchema>;

export const calendarFeedsResponseSchema = z.object({
  providers: z.array(providerCalendarFeedSchema),
});
export type CalendarFeedsResponse = z.infer<typeof calendarFeedsResponseSchema>;

/** The part of a feed link that may be shown: its scheme and host. */
export function calendarLinkHint(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}/…`;
  } catch {
    return '…';
  }
}

function ago(instant: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(instant)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}

/**
 * A feed's state in one line: "Synced 2 min ago · 14 events", "Not synced yet", or the last
 * error (with when it last worked, since the blocks from then are still in use).
 */
export function describeCalendarFeed(feed: CalendarFeedStatus, now: number): string {
  if (feed.lastError) {
    return feed.lastSuccessAt
      ? `${feed.lastError} Last synced ${ago(feed.lastSuccessAt, now)}.`
      : feed.lastError;
  }
  if (!feed.lastSuccessAt) return 'Not synced yet';
  return `Synced ${ago(feed.lastSuccessAt, now)} · ${feed.eventCount} ${feed.eventCount === 1 ? 'event' : 'events'}`;
}
