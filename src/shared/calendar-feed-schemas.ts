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

/** How long ago a sync was, in the unit the owner reads it in; the words are the console's catalog's. */
export type SyncAge = { unit: 'now' } | { unit: 'minutes' | 'hours' | 'days'; count: number };

export function syncAgeOf(instant: string, now: number): SyncAge {
  const minutes = Math.max(0, Math.floor((now - Date.parse(instant)) / 60_000));
  if (minutes < 1) return { unit: 'now' };
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: 'hours', count: hours };
  return { unit: 'days', count: Math.floor(hours / 24) };
}
