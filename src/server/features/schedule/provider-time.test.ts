import { describe, expect, it } from 'vitest';
import type { Shift } from '../../../shared/schedule-schemas.ts';
import { estimatorProviders, type Interval, workingIntervals } from './provider-time.ts';

const NY = 'America/New_York';
const at = (iso: string) => Date.parse(iso);
const asIso = (intervals: Interval[] | null) =>
  intervals?.map(([start, end]) => [new Date(start).toISOString(), new Date(end).toISOString()]) ?? null;
const shift = (weekday: number, from: string, to: string): Shift => {
  const minutes = (time: string) => {
    const [hours, mins] = time.split(':').map(Number) as [number, number];
    return hours * 60 + mins;
  };
  const startMinute = minutes(from);
  const end = minutes(to);
  return { weekday, startMinute, endMinute: end <= startMinute ? end + 1440 : end };
};
/** One week from a Sunday midnight, New York (winter: UTC−5). */
const winterWeek = { from: at('2026-01-11T05:00:00Z'), to: at('2026-01-18T05:00:00Z') };

describe("a provider's working time", () => {
  it('is null, all opening hours, when they have no shifts and no day off', () => {
    expect(workingIntervals({ shifts: [], daysOff: [] }, winterWeek, NY)).toBeNull();
    // A day off outside the window changes nothing.
    expect(workingIntervals({ shifts: [], daysOff: ['2026-02-01'] }, winterWeek, NY)).toBeNull();
  });

  it('places a weekly shift on its weekday, in the local time of the business', () => {
    expect(
      asIso(workingIntervals({ shifts: [shift(1, '10:00', '14:00')], daysOff: [] }, winterWeek, NY)),
    ).toEqual([['2026-01-12T15:00:00.000Z', '2026-01-12T19:00:00.000Z']]);
  });

  it('keeps a split shift as two intervals, in order', () => {
    const shifts = [shift(2, '14:00', '18:00'), shift(2, '09:00', '12:00')];
    expect(asIso(workingIntervals({ shifts, daysOff: [] }, winterWeek, NY))).toEqual([
      ['2026-01-13T14:00:00.000Z', '2026-01-13T17:00:00.000Z'],
      ['2026-01-13T19:00:00.000Z', '2026-01-13T23:00:00.000Z'],
    ]);
  });

  it('drops the shifts of a day off, and only that day', () => {
    const shifts = [shift(2, '09:00', '17:00')];
    const twoWeeks = { from: winterWeek.from, to: at('2026-01-25T05:00:00Z') };
    expect(asIso(workingIntervals({ shifts, daysOff: ['2026-01-13'] }, twoWeeks, NY))).toEqual([
      ['2026-01-20T14:00:00.000Z', '2026-01-20T22:00:00.000Z'],
    ]);
  });

  it('takes a day off out of all opening hours when there are no shifts', () => {
    expect(asIso(workingIntervals({ shifts: [], daysOff: ['2026-01-13'] }, winterWeek, NY))).toEqual([
      ['2026-01-11T05:00:00.000Z', '2026-01-13T05:00:00.000Z'],
      ['2026-01-14T05:00:00.000Z', '2026-01-18T05:00:00.000Z'],
    ]);
  });

  it('runs a shift past midnight into the next day, the day off being the day it starts', () => {
    const shifts = [shift(5, '20:00', '02:00')]; // Friday night
    expect(asIso(workingIntervals({ shifts, daysOff: [] }, winterWeek, NY))).toEqual([
      ['2026-01-17T01:00:00.000Z', '2026-01-17T07:00:00.000Z'],
    ]);
    // Saturday off does not cut Friday's night short; Friday off removes it.
    expect(asIso(workingIntervals({ shifts, daysOff: ['2026-01-17'] }, winterWeek, NY))).toEqual([
      ['2026-01-17T01:00:00.000Z', '2026-01-17T07:00:00.000Z'],
    ]);
    expect(workingIntervals({ shifts, daysOff: ['2026-01-16'] }, winterWeek, NY)).toEqual([]);
  });

  it("finds the night shift that began before the window, and clips to the window's ends", () => {
    const shifts = [shift(6, '22:00', '03:00')]; // Saturday night into Sunday
    // The window starts Sunday 1:00 local: the shift began the day before.
    const window = { from: at('2026-01-18T06:00:00Z'), to: at('2026-01-18T07:30:00Z') };
    expect(asIso(workingIntervals({ shifts, daysOff: [] }, window, NY))).toEqual([
      ['2026-01-18T06:00:00.000Z', '2026-01-18T07:30:00.000Z'],
    ]);
  });

  it('joins a night shift to the next morning shift it meets', () => {
    const shifts = [shift(1, '18:00', '24:00'), shift(2, '00:00', '06:00')];
    expect(asIso(workingIntervals({ shifts, daysOff: [] }, winterWeek, NY))).toEqual([
      ['2026-01-12T23:00:00.000Z', '2026-01-13T11:00:00.000Z'],
    ]);
  });

  it('keeps 9:00–17:00 at local 9:00–17:00 on the days the clocks change', () => {
    const shifts = [shift(0, '09:00', '17:00')];
    // Sunday 8 March 2026, spring forward: 9:00 is already EDT (UTC−4).
    const spring = { from: at('2026-03-08T05:00:00Z'), to: at('2026-03-09T04:00:00Z') };
    expect(asIso(workingIntervals({ shifts, daysOff: [] }, spring, NY))).toEqual([
      ['2026-03-08T13:00:00.000Z', '2026-03-08T21:00:00.000Z'],
    ]);
    // Sunday 1 November 2026, fall back: 9:00 is EST again (UTC−5).
    const fall = { from: at('2026-11-01T04:00:00Z'), to: at('2026-11-02T05:00:00Z') };
    expect(asIso(workingIntervals({ shifts, daysOff: [] }, fall, NY))).toEqual([
      ['2026-11-01T14:00:00.000Z', '2026-11-01T22:00:00.000Z'],
    ]);
  });

  it('counts a night shift across the fall-back hour as the hours really worked', () => {
    const shifts = [shift(6, '22:00', '06:00')]; // Saturday 31 October into Sunday 1 November
    const fall = { from: at('2026-10-31T04:00:00Z'), to: at('2026-11-02T05:00:00Z') };
    const [night] = workingIntervals({ shifts, daysOff: [] }, fall, NY) ?? [];
    expect(asIso(night ? [night] : [])).toEqual([['2026-11-01T02:00:00.000Z', '2026-11-01T11:00:00.000Z']]);
    expect(night![1] - night![0]).toBe(9 * 3_600_000);
  });

  it('gives the estimator services (null for all), floor state and working time per provider', () => {
    expect(
      estimatorProviders(
        [
          { providerId: 'a', services: [], floorState: 'on_floor', shifts: [], daysOff: [] },
          {
            providerId: 'b',
            services: ['Haircut'],
            floorState: 'on_break',
            shifts: [shift(1, '10:00', '14:00')],
            daysOff: [],
          },
        ],
        winterWeek,
        NY,
      ),
    ).toEqual([
      { providerId: 'a', services: null, floorState: 'on_floor', working: null },
      {
        providerId: 'b',
        services: ['Haircut'],
        floorState: 'on_break',
        working: [[at('2026-01-12T15:00:00Z'), at('2026-01-12T19:00:00Z')]],
      },
    ]);
  });
});
