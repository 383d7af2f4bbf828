import { describe, expect, it } from 'vitest';
import { FEED_PROBLEM_WORDS } from './feed-problems.ts';
import { readBusyBlocks } from './ics-feed.ts';
import { IcsFeedError } from './ics-feed-result.ts';

const NY = 'America/New_York';

/** A calendar holding these lines (events, time zones), as an exporter writes it. */
function calendar(...lines: string[]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Salon//EN', ...lines, 'END:VCALENDAR', ''].join(
    '\r\n',
  );
}

function event(...lines: string[]): string[] {
  return ['BEGIN:VEVENT', `DTSTAMP:20260101T000000Z`, ...lines, 'END:VEVENT'];
}

const ms = (iso: string) => Date.parse(iso);

/** The blocks as ISO intervals, easy to read in a failed assertion. */
function read(text: string, from: string, to: string, timeZone = NY) {
  return readBusyBlocks(text, { from: ms(from), to: ms(to) }, timeZone).blocks.map(
    (block) => `${new Date(block.startsAt).toISOString()} → ${new Date(block.endsAt).toISOString()}`,
  );
}

const weeklyMondays = [
  'UID:weekly-color@salon',
  'DTSTART;TZID=America/New_York:20251201T100000',
  'DTEND;TZID=America/New_York:20251201T110000',
  'RRULE:FREQ=WEEKLY;BYDAY=MO',
  'SUMMARY:Colour with Ana',
];

describe('reading a provider’s calendar feed as busy blocks', () => {
  it('expands a weekly RRULE inside the window, without its EXDATEs (written in its zone or in UTC)', () => {
    const text = calendar(
      ...event(
        ...weeklyMondays,
        'EXDATE;TZID=America/New_York:20260112T100000',
        // The 19th written in UTC: ical.js alone compares it on another clock and keeps the 19th.
        'EXDATE:20260119T150000Z',
      ),
    );
    expect(read(text, '2026-01-01T00:00:00Z', '2026-02-03T00:00:00Z')).toEqual([
      '2026-01-05T15:00:00.000Z → 2026-01-05T16:00:00.000Z',
      '2026-01-26T15:00:00.000Z → 2026-01-26T16:00:00.000Z',
      '2026-02-02T15:00:00.000Z → 2026-02-02T16:00:00.000Z',
    ]);
  });

  it('keeps 10:00 New York time across the spring change for a repeating TZID event', () => {
    const text = calendar(...event(...weeklyMondays));
    expect(read(text, '2026-03-01T00:00:00Z', '2026-03-10T00:00:00Z')).toEqual([
      '2026-03-02T15:00:00.000Z → 2026-03-02T16:00:00.000Z',
      '2026-03-09T14:00:00.000Z → 2026-03-09T15:00:00.000Z',
    ]);
  });

  it('replaces one occurrence by its RECURRENCE-ID override, moved or cancelled', () => {
    const text = calendar(
      ...event(...weeklyMondays),
      // The 12th moved to 14:00–15:30.
      ...event(
        'UID:weekly-color@salon',
        'RECURRENCE-ID;TZID=America/New_York:20260112T100000',
        'DTSTART;TZID=America/New_York:20260112T140000',
        'DTEND;TZID=America/New_York:20260112T153000',
      ),
      // The 19th cancelled (the RECURRENCE-ID in UTC, as some exporters write it).
      ...event(
        'UID:weekly-color@salon',
        'RECURRENCE-ID:20260119T150000Z',
        'DTSTART:20260119T150000Z',
        'DTEND:20260119T160000Z',
        'STATUS:CANCELLED',
      ),
    );
    expect(read(text, '2026-01-10T00:00:00Z', '2026-01-27T00:00:00Z')).toEqual([
      '2026-01-12T19:00:00.000Z → 2026-01-12T20:30:00.000Z',
      '2026-01-26T15:00:00.000Z → 2026-01-26T16:00:00.000Z',
    ]);
  });

  it('blocks whole local days for an all-day event, across the change of the clocks', () => {
    const text = calendar(
      ...event(
        'UID:vacation@salon',
        'DTSTART;VALUE=DATE:20260308',
        'DTEND;VALUE=DATE:20260310',
        'SUMMARY:Off',
      ),
      // No DTEND: one day.
      ...event('UID:training@salon', 'DTSTART;VALUE=DATE:20260312'),
      // A DTEND equal to its DTSTART: still that day.
      ...event('UID:inventory@salon', 'DTSTART;VALUE=DATE:20260314', 'DTEND;VALUE=DATE:20260314'),
    );
    expect(read(text, '2026-03-01T00:00:00Z', '2026-03-31T00:00:00Z')).toEqual([
      // Midnight EST to midnight EDT: 47 hours.
      '2026-03-08T05:00:00.000Z → 2026-03-10T04:00:00.000Z',
      '2026-03-12T04:00:00.000Z → 2026-03-13T04:00:00.000Z',
      '2026-03-14T04:00:00.000Z → 2026-03-15T04:00:00.000Z',
    ]);
    // The same dates for a business in Los Angeles are its own midnights.
    expect(read(text, '2026-03-11T00:00:00Z', '2026-03-31T00:00:00Z', 'America/Los_Angeles')).toEqual([
      '2026-03-12T07:00:00.000Z → 2026-03-13T07:00:00.000Z',
      '2026-03-14T07:00:00.000Z → 2026-03-15T07:00:00.000Z',
    ]);
  });

  it('reads a TZID by its VTIMEZONE, an IANA TZID without one, floating times and UTC', () => {
    const text = calendar(
      // An Outlook-style name no runtime knows, defined by the feed: UTC+2 in summer.
      'BEGIN:VTIMEZONE',
      'TZID:W. Europe Standard Time',
      'BEGIN:STANDARD',
      'DTSTART:16011028T030000',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:16010325T020000',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
      ...event(
        'UID:a@salon',
        'DTSTART;TZID=W. Europe Standard Time:20260701T090000',
        'DTEND;TZID=W. Europe Standard Time:20260701T100000',
      ),
      ...event('UID:b@salon', 'DTSTART;TZID=Asia/Kolkata:20260702T090000', 'DURATION:PT45M'),
      // Floating: the business's own clock.
      ...event('UID:c@salon', 'DTSTART:20260703T090000', 'DTEND:20260703T093000'),
      ...event('UID:d@salon', 'DTSTART:20260704T090000Z', 'DTEND:20260704T100000Z'),
    );
    expect(read(text, '2026-07-01T00:00:00Z', '2026-07-05T00:00:00Z')).toEqual([
      '2026-07-01T07:00:00.000Z → 2026-07-01T08:00:00.000Z',
      '2026-07-02T03:30:00.000Z → 2026-07-02T04:15:00.000Z',
      '2026-07-03T13:00:00.000Z → 2026-07-03T13:30:00.000Z',
      '2026-07-04T09:00:00.000Z → 2026-07-04T10:00:00.000Z',
    ]);
  });

  it('leaves out cancelled and free (transparent) events, and events outside the window', () => {
    const text = calendar(
      ...event('UID:kept@salon', 'DTSTART:20260105T150000Z', 'DTEND:20260105T160000Z'),
      ...event(
        'UID:cancelled@salon',
        'DTSTART:20260105T170000Z',
        'DTEND:20260105T180000Z',
        'STATUS:CANCELLED',
      ),
      ...event('UID:free@salon', 'DTSTART:20260105T190000Z', 'DTEND:20260105T200000Z', 'TRANSP:TRANSPARENT'),
      ...event('UID:past@salon', 'DTSTART:20251205T150000Z', 'DTEND:20251205T160000Z'),
      ...event('UID:later@salon', 'DTSTART:20260205T150000Z', 'DTEND:20260205T160000Z'),
      // Overlaps the window's start: kept whole.
      ...event('UID:overlap@salon', 'DTSTART:20260101T230000Z', 'DTEND:20260102T010000Z'),
    );
    expect(read(text, '2026-01-02T00:00:00Z', '2026-01-10T00:00:00Z')).toEqual([
      '2026-01-01T23:00:00.000Z → 2026-01-02T01:00:00.000Z',
      '2026-01-05T15:00:00.000Z → 2026-01-05T16:00:00.000Z',
    ]);
  });

  it('stops an endless RRULE at the window’s end, and bounds a rule that repeats too often', () => {
    const daily = calendar(
      ...event('UID:daily@salon', 'DTSTART:20200101T150000Z', 'DTEND:20200101T160000Z', 'RRULE:FREQ=DAILY'),
    );
    const result = readBusyBlocks(
      daily,
      { from: ms('2026-01-01T00:00:00Z'), to: ms('2026-01-15T00:00:00Z') },
      NY,
    );
    expect(result.blocks).toHaveLength(14);
    expect(result.truncated).toBe(false);

    const everyMinute = calendar(
      ...event('UID:minutely@salon', 'DTSTART:19900101T000000Z', 'DURATION:PT1M', 'RRULE:FREQ=MINUTELY'),
    );
    const bounded = readBusyBlocks(
      everyMinute,
      { from: ms('2026-01-01T00:00:00Z'), to: ms('2026-01-15T00:00:00Z') },
      NY,
      { maxBlocks: 5_000, maxOccurrencesPerEvent: 1_000 },
    );
    expect(bounded).toEqual({ blocks: [], truncated: true, skippedEvents: 0 });

    const tooMany = readBusyBlocks(
      daily,
      { from: ms('2026-01-01T00:00:00Z'), to: ms('2026-01-15T00:00:00Z') },
      NY,
      { maxBlocks: 3, maxOccurrencesPerEvent: 20_000 },
    );
    expect(tooMany.blocks).toHaveLength(3);
    expect(tooMany.truncated).toBe(true);
  });

  it('skips an event it cannot read and keeps the others', () => {
    const text = calendar(
      ...event('UID:broken@salon', 'DTSTART:2026-01-05'),
      ...event('UID:no-start@salon', 'SUMMARY:No time'),
      ...event('UID:kept@salon', 'DTSTART:20260105T150000Z', 'DTEND:20260105T160000Z'),
    );
    const result = readBusyBlocks(
      text,
      { from: ms('2026-01-01T00:00:00Z'), to: ms('2026-01-10T00:00:00Z') },
      NY,
    );
    expect(result.blocks).toEqual([
      { startsAt: ms('2026-01-05T15:00:00Z'), endsAt: ms('2026-01-05T16:00:00Z') },
    ]);
    expect(result.skippedEvents).toBe(2);
  });

  it('says in words that a page which is not a calendar is not one', () => {
    const window = { from: 0, to: ms('2030-01-01T00:00:00Z') };
    for (const text of [
      '<!doctype html><html><body>Sign in to Square</body></html>',
      '{"error":"not found"}',
      '',
      'BEGIN:VCALENDAR\r\nthis line has no colon\r\nEND:VCALENDAR',
    ]) {
      expect(() => readBusyBlocks(text, window, NY), JSON.stringify(text)).toThrow(IcsFeedError);
      expect(() => readBusyBlocks(text, window, NY)).toThrow(FEED_PROBLEM_WORDS.en.notACalendar);
    }
  });

  it('reads an empty calendar as no busy time', () => {
    expect(readBusyBlocks(calendar(), { from: 0, to: ms('2030-01-01T00:00:00Z') }, NY)).toEqual({
      blocks: [],
      truncated: false,
      skippedEvents: 0,
    });
  });
});
