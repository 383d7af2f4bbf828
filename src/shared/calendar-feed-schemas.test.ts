import { describe, expect, it } from 'vitest';
import {
  CALENDAR_FEED_URL_MAX_LENGTH,
  calendarFeedRequestSchema,
  calendarLinkHint,
  describeCalendarFeed,
} from './calendar-feed-schemas.ts';

const now = Date.parse('2026-03-10T15:00:00Z');
const feed = { urlHint: 'https://calendar.google.com/…', lastAttemptAt: null, lastError: null };

describe("a provider's calendar feed, as the owner reads it", () => {
  it('says when it last synced and how many events it holds', () => {
    const synced = { ...feed, lastSuccessAt: '2026-03-10T14:58:00Z', eventCount: 14 };
    expect(describeCalendarFeed(synced, now)).toBe('Synced 2 min ago · 14 events');
    expect(describeCalendarFeed({ ...synced, eventCount: 1 }, now)).toBe('Synced 2 min ago · 1 event');
    expect(describeCalendarFeed({ ...synced, lastSuccessAt: '2026-03-10T14:59:40Z' }, now)).toBe(
      'Synced just now · 14 events',
    );
    expect(describeCalendarFeed({ ...synced, lastSuccessAt: '2026-03-08T15:00:00Z' }, now)).toBe(
      'Synced 2 days ago · 14 events',
    );
  });

  it('says it has not synced yet, or what went wrong and since when the old events are used', () => {
    expect(describeCalendarFeed({ ...feed, lastSuccessAt: null, eventCount: 0 }, now)).toBe('Not synced yet');
    const error = 'This link did not return a calendar (ICS) file.';
    expect(describeCalendarFeed({ ...feed, lastSuccessAt: null, lastError: error, eventCount: 0 }, now)).toBe(
      error,
    );
    expect(
      describeCalendarFeed(
        { ...feed, lastSuccessAt: '2026-03-10T13:00:00Z', lastError: error, eventCount: 3 },
        now,
      ),
    ).toBe(`${error} Last synced 2 h ago.`);
  });

  it('shows only the scheme and host of a link (the rest is often a private token)', () => {
    expect(calendarLinkHint('https://calendar.google.com/calendar/ical/x/private-abc/basic.ics')).toBe(
      'https://calendar.google.com/…',
    );
  });

  it('takes https and webcal links of a bounded length', () => {
    expect(
      calendarFeedRequestSchema.safeParse({ url: ' webcal://p01-caldav.icloud.com/published/2/x ' }).data,
    ).toEqual({
      url: 'webcal://p01-caldav.icloud.com/published/2/x',
    });
    for (const url of [
      'http://example.com/a.ics',
      'example.com/a.ics',
      'https://',
      'javascript:alert(1)',
      '',
    ])
      expect(calendarFeedRequestSchema.safeParse({ url }).success, url).toBe(false);
    const long = `https://example.com/${'a'.repeat(CALENDAR_FEED_URL_MAX_LENGTH)}`;
    expect(calendarFeedRequestSchema.safeParse({ url: long }).success).toBe(false);
  });
});
