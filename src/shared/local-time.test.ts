import { describe, expect, it } from 'vitest';
import { addDays, instantAt, instantsAt, localDateTime, minuteOfDay, weekdayOf } from './local-time.ts';

const NY = 'America/New_York';
const iso = (instant: number) => new Date(instant).toISOString();

describe('local time of a business', () => {
  it('turns a local date and minute into the instant, in winter and in summer', () => {
    expect(iso(instantAt('2026-01-15', 9 * 60, NY))).toBe('2026-01-15T14:00:00.000Z');
    expect(iso(instantAt('2026-07-15', 9 * 60, NY))).toBe('2026-07-15T13:00:00.000Z');
    expect(iso(instantAt('2026-07-15', 9 * 60, 'Asia/Kolkata'))).toBe('2026-07-15T03:30:00.000Z');
  });

  it('keeps 9:00 at 9:00 on the days the clocks change', () => {
    expect(iso(instantAt('2026-03-08', 9 * 60, NY))).toBe('2026-03-08T13:00:00.000Z');
    expect(iso(instantAt('2026-11-01', 9 * 60, NY))).toBe('2026-11-01T14:00:00.000Z');
    // A spring-forward day is 23 hours long, a fall-back day 25.
    expect(instantAt('2026-03-09', 0, NY) - instantAt('2026-03-08', 0, NY)).toBe(23 * 3_600_000);
    expect(instantAt('2026-11-02', 0, NY) - instantAt('2026-11-01', 0, NY)).toBe(25 * 3_600_000);
  });

  it('moves a skipped time past the jump and takes the first of a repeated one', () => {
    expect(iso(instantAt('2026-03-08', 2 * 60 + 30, NY))).toBe('2026-03-08T07:30:00.000Z'); // 3:30 EDT
    expect(iso(instantAt('2026-11-01', 60 + 30, NY))).toBe('2026-11-01T05:30:00.000Z'); // 1:30 EDT
  });

  it('gives both instants of a repeated time, earliest first, and one for any other', () => {
    expect(instantsAt('2026-11-01', 60 + 30, NY).map(iso)).toEqual([
      '2026-11-01T05:30:00.000Z', // 1:30 EDT
      '2026-11-01T06:30:00.000Z', // 1:30 EST
    ]);
    expect(instantsAt('2026-11-01', 2 * 60 + 30, NY).map(iso)).toEqual(['2026-11-01T07:30:00.000Z']);
    expect(instantsAt('2026-03-08', 2 * 60 + 30, NY).map(iso)).toEqual(['2026-03-08T07:30:00.000Z']);
    expect(instantsAt('2026-07-15', 9 * 60, 'Asia/Kolkata').map(iso)).toEqual(['2026-07-15T03:30:00.000Z']);
  });

  it('counts minutes past midnight into the next day', () => {
    expect(iso(instantAt('2026-01-15', 24 * 60 + 60, NY))).toBe('2026-01-16T06:00:00.000Z');
  });

  it('reads the wall clock back', () => {
    expect(localDateTime(Date.parse('2026-03-08T07:30:00Z'), NY)).toEqual({
      date: '2026-03-08',
      minute: 210,
    });
    expect(localDateTime(Date.parse('2026-01-16T04:59:00Z'), NY)).toEqual({
      date: '2026-01-15',
      minute: 1439,
    });
  });

  it('does calendar arithmetic on local dates', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(weekdayOf('2026-11-27')).toBe(5);
    expect(minuteOfDay('09:30')).toBe(570);
    expect(minuteOfDay('24:00')).toBe(1440);
    expect(minuteOfDay('24:01')).toBeNull();
    expect(minuteOfDay('9:30')).toBeNull();
  });
});
