import { describe, expect, it } from 'vitest';
import { instantAt } from './local-time.ts';
import {
  describeOpening,
  formatClockTime,
  type OpeningHours,
  openIntervals,
  openingAt,
} from './opening-hours.ts';

const NY = 'America/New_York';
const nineToFive = [{ opens: '09:00', closes: '17:00' }];
/** Tuesday to Saturday 9–5 with a lunch break on Saturday; closed Sunday and Monday. */
const hours: OpeningHours = {
  weekly: [
    [],
    [],
    nineToFive,
    nineToFive,
    nineToFive,
    nineToFive,
    [
      { opens: '09:00', closes: '13:00' },
      { opens: '14:00', closes: '18:00' },
    ],
  ],
  specialDays: [
    { date: '2026-12-24', ranges: [{ opens: '09:00', closes: '12:00' }] },
    { date: '2026-12-25', ranges: [] },
  ],
  lastCallMinutes: 30,
};
const at = (date: string, time: string, timeZone = NY) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return instantAt(date, h * 60 + m, timeZone);
};

describe('opening hours', () => {
  it('is closed before opening and says when it opens', () => {
    // Friday 2026-11-27, 3 a.m.
    const now = at('2026-11-27', '03:00');
    const opening = openingAt(hours, NY, now);
    expect(opening.open).toBe(false);
    expect(opening.nextOpensAt).toBe(at('2026-11-27', '09:00'));
    expect(describeOpening(opening.nextOpensAt!, now, NY)).toBe('Opens at 9:00 AM');
  });

  it('names tomorrow, a weekday, or a date further off', () => {
    // Saturday evening: the next opening is Tuesday (Sunday and Monday are closed).
    const saturdayNight = at('2026-11-28', '19:00');
    expect(describeOpening(openingAt(hours, NY, saturdayNight).nextOpensAt!, saturdayNight, NY)).toBe(
      'Opens Tuesday 9:00 AM',
    );
    const fridayNight = at('2026-11-27', '20:00');
    expect(describeOpening(openingAt(hours, NY, fridayNight).nextOpensAt!, fridayNight, NY)).toBe(
      'Opens tomorrow 9:00 AM',
    );
    expect(describeOpening(at('2027-01-05', '09:00'), fridayNight, NY)).toBe('Opens Jan 5 9:00 AM');
  });

  it('closes for lunch on Saturday and opens again', () => {
    const lunch = at('2026-11-28', '13:30');
    const opening = openingAt(hours, NY, lunch);
    expect(opening.open).toBe(false);
    expect(describeOpening(opening.nextOpensAt!, lunch, NY)).toBe('Opens at 2:00 PM');
    expect(openingAt(hours, NY, at('2026-11-28', '12:00')).closesAt).toBe(at('2026-11-28', '13:00'));
  });

  it('uses a special day instead of its weekday: shorter hours, or closed', () => {
    // Thursday 2026-12-24 closes at noon; Friday the 25th is closed all day.
    expect(openingAt(hours, NY, at('2026-12-24', '11:00')).closesAt).toBe(at('2026-12-24', '12:00'));
    expect(openingAt(hours, NY, at('2026-12-24', '13:00')).open).toBe(false);
    const christmas = at('2026-12-25', '10:00');
    expect(openingAt(hours, NY, christmas).open).toBe(false);
    expect(openingAt(hours, NY, christmas).nextOpensAt).toBe(at('2026-12-26', '09:00'));
  });

  it('keeps local hours across a change of the clocks', () => {
    const everyDay: OpeningHours = {
      weekly: Array(7).fill(nineToFive),
      specialDays: [],
      lastCallMinutes: 30,
    };
    // Sunday 2026-03-08 (spring forward) and Sunday 2026-11-01 (fall back): 9:00 local both days.
    expect(new Date(openingAt(everyDay, NY, at('2026-03-08', '03:30')).nextOpensAt!).toISOString()).toBe(
      '2026-03-08T13:00:00.000Z',
    );
    expect(new Date(openingAt(everyDay, NY, at('2026-11-01', '01:30')).nextOpensAt!).toISOString()).toBe(
      '2026-11-01T14:00:00.000Z',
    );
  });

  it('runs a range past midnight into the next day, and merges touching ranges', () => {
    const lateBar: OpeningHours = {
      weekly: [[], [], [], [], [], [{ opens: '18:00', closes: '02:00' }], []],
      specialDays: [],
      lastCallMinutes: 0,
    };
    // Friday 18:00 to Saturday 02:00.
    expect(openingAt(lateBar, NY, at('2026-11-28', '01:00'))).toMatchObject({
      open: true,
      closesAt: at('2026-11-28', '02:00'),
    });
    expect(openingAt(lateBar, NY, at('2026-11-28', '03:00')).open).toBe(false);
    const allDay: OpeningHours = {
      weekly: Array(7).fill([{ opens: '00:00', closes: '24:00' }]),
      specialDays: [],
      lastCallMinutes: 0,
    };
    const intervals = openIntervals(allDay, NY, at('2026-11-27', '12:00'), at('2026-11-29', '12:00'));
    expect(intervals).toHaveLength(1);
  });

  it("writes a clock time in the reader's language, English as the spec's", () => {
    const afternoon = at('2026-11-27', '14:05');
    expect(formatClockTime(afternoon, NY)).toBe('2:05 PM');
    expect(formatClockTime(afternoon, NY, 'en')).toBe('2:05 PM');
    // Latin American Spanish (shared/intl-locales.ts): a 12-hour clock, with plain spaces.
    expect(formatClockTime(afternoon, NY, 'es')).toBe('2:05 p.m.');
    expect(formatClockTime(afternoon, NY, 'vi')).toBe('14:05');
    expect(formatClockTime(afternoon, 'Asia/Ho_Chi_Minh', 'vi')).toBe('2:05');
    expect(formatClockTime(afternoon, NY, 'zh-Hans')).toBe('14:05');
  });
});
