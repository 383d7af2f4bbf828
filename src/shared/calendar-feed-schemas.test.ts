import { describe, expect, it } from 'vitest';
import {
  CALENDAR_FEED_URL_MAX_LENGTH,
  calendarFeedRequestSchema,
  calendarLinkHint,
  syncAgeOf,
} from './calendar-feed-schemas.ts';

const now = Date.parse('2026-03-10T15:00:00Z');

describe("a provider's calendar feed, as the owner reads it", () => {
  it('says how long ago it last synced, in the unit the owner reads', () => {
    expect(syncAgeOf('2026-03-10T14:59:40Z', now)).toEqual({ unit: 'now' });
    expect(syncAgeOf('2026-03-10T14:58:00Z', now)).toEqual({ unit: 'minutes', count: 2 });
    expect(syncAgeOf('2026-03-10T13:00:00Z', now)).toEqual({ unit: 'hours', count: 2 });
    expect(syncAgeOf('2026-03-08T15:00:00Z', now)).toEqual({ unit: 'days', count: 2 });
    // A clock a little behind the server's reads "just now", never a negative age.
    expect(syncAgeOf('2026-03-10T15:00:30Z', now)).toEqual({ unit: 'now' });
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
