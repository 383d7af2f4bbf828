import { addDays, instantAt, type LocalDate, localDateTime, weekdayOf } from '../../../shared/local-time.ts';
import type { FloorState, Shift } from '../../../shared/schedule-schemas.ts';

/** [start, end) in epoch milliseconds. */
export type Interval = readonly [start: number, end: number];

/** What provider-time needs of a provider's schedule (schedule.repository.ts reads it). */
export interface WeeklySchedule {
  shifts: readonly Shift[];
  /** Local dates, YYYY-MM-DD. */
  daysOff: readonly LocalDate[];
}

/** Sorted, with overlapping and touching intervals joined (a shift past midnight meeting the next day's). */
function merged(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const result: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = result.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else result.push([start, end]);
  }
  return result;
}

const clipped = (interval: Interval, from: number, to: number): Interval | null => {
  const start = Math.max(interval[0], from);
  const end = Math.min(interval[1], to);
  return start < end ? [start, end] : null;
};

/** The local dates whose shifts can reach into [from, to): from the day before (a shift past midnight). */
function localDatesCovering(from: number, to: number, timeZone: string): LocalDate[] {
  const last = localDateTime(to, timeZone).date;
  const dates: LocalDate[] = [];
  for (let date = addDays(localDateTime(from, timeZone).date, -1); date <= last; date = addDays(date, 1))
    dates.push(date);
  return dates;
}

/**
 * When a provider works within [from, to), from their weekly shifts and days off in the business's
 * time zone: sorted, non-overlapping intervals. Each shift is placed by its local date and minutes
 * (instantAt), so a 9:00 shift starts at 9:00 local time on the days the clocks change too; a shift
 * past midnight belongs to the day it starts, and a day off removes the shifts that start on it.
 *
 * null: the provider has no shifts and no day off in the window, so they work whenever the
 * business is open. With no shifts but a day off, the answer is the window without that local day.
 * Either way these are the provider's own hours: the business's opening hours still apply on top.
 */
export function workingIntervals(
  schedule: WeeklySchedule,
  window: { from: number; to: number },
  timeZone: string,
): Interval[] | null {
  const { from, to } = window;
  if (to <= from) return schedule.shifts.length === 0 ? null : [];
  const dates = localDatesCovering(from, to, timeZone);
  const daysOff = new Set(schedule.daysOff);

  if (schedule.shifts.length === 0) {
    const offDays = dates.filter((date) => daysOff.has(date));
    if (offDays.length === 0) return null;
    let free: Interval[] = [[from, to]];
    for (const date of offDays) {
      const off: Interval = [instantAt(date, 0, timeZone), instantAt(addDays(date, 1), 0, timeZone)];
      free = free.flatMap(([start, end]) =>
        [clipped([start, off[0]], start, end), clipped([off[1], end], start, end)].filter(
          (part): part is Interval => part !== null,
        ),
      );
    }
    return free;
  }

  const intervals: Interval[] = [];
  for (const date of dates) {
    if (daysOff.has(date)) continue;
    const weekday = weekdayOf(date);
    for (const shift of schedule.shifts) {
      if (shift.weekday !== weekday) continue;
      const placed = clipped(
        [instantAt(date, shift.startMinute, timeZone), instantAt(date, shift.endMinute, timeZone)],
        from,
        to,
      );
      if (placed) intervals.push(placed);
    }
  }
  return merged(intervals);
}

/** What the wait estimator takes of each provider (services null: every service). */
export interface EstimatorProvider {
  providerId: string;
  services: string[] | null;
  floorState: FloorState;
  /** Sorted [start, end) intervals of their working time from `from` on; null: all opening hours. */
  working: Interval[] | null;
}

/** The estimator's inputs from the providers' stored schedules (schedule.repository.ts listForEstimate). */
export function estimatorProviders(
  providers: readonly (WeeklySchedule & { providerId: string; services: string[]; floorState: FloorState })[],
  window: { from: number; to: number },
  timeZone: string,
): EstimatorProvider[] {
  return providers.map((provider) => ({
    providerId: provider.providerId,
    services: provider.services.length > 0 ? [...provider.services] : null,
    floorState: provider.floorState,
    working: workingIntervals(provider, window, timeZone),
  }));
}
