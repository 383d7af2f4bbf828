/**
 * A business's wall clock: opening hours, shifts and appointments are kept as local dates and
 * minutes of the day in the business's time zone ("Tuesday 9:00"), and turned into instants only
 * when a day is worked out, so a day that changes the clocks (DST) still opens at 9:00 local time.
 * Plain `Intl`, no library: the customer bundle does not need this, and the server has it built in.
 */

/** A local calendar date, YYYY-MM-DD. */
export type LocalDate = string;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock in `timeZone` at `instant`: its date and minute of the day (0–1439). */
export function localDateTime(instant: number, timeZone: string): { date: LocalDate; minute: number } {
  const parts = partsFormatter(timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? '00';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    minute: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

/** Minutes `timeZone` is ahead of UTC at `instant` (negative west of Greenwich). */
function offsetMinutes(instant: number, timeZone: string): number {
  const parts = partsFormatter(timeZone).formatToParts(new Date(instant));
  const value = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    value('year'),
    value('month') - 1,
    value('day'),
    value('hour'),
    value('minute'),
    value('second'),
  );
  return Math.round((asUtc - (instant - (instant % 1000))) / MINUTE_MS);
}

/** Midnight UTC of a local date, as if the date were in UTC: the base of the arithmetic below. */
function utcMidnight(date: LocalDate): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day);
}

/**
 * The instant the wall clock in `timeZone` shows `minute` (may be 1440 or more: the next day's
 * early hours) on `date`. A time the clocks skip (2:30 on a spring-forward night) is the instant
 * as many minutes after the jump (3:30); a time they show twice (1:30 on a fall-back night) is the
 * first of the two (instantsAt gives both).
 */
export function instantAt(date: LocalDate, minute: number, timeZone: string): number {
  return instantsAt(date, minute, timeZone)[0]!;
}

/**
 * Every instant the wall clock in `timeZone` shows `minute` on `date`, earliest first: one, or
 * two for a time shown twice on a fall-back night (1:30 daylight time, then 1:30 standard time an
 * hour later). A skipped time gives the one instant instantAt says.
 */
export function instantsAt(date: LocalDate, minute: number, timeZone: string): number[] {
  const wall = utcMidnight(date) + minute * MINUTE_MS;
  // The offsets half a day before and after: any change of the clocks near this time is between.
  const before = offsetMinutes(wall - DAY_MS / 2, timeZone);
  const after = offsetMinutes(wall + DAY_MS / 2, timeZone);
  const shown = [...new Set([before, after])]
    .map((offset) => ({ offset, instant: wall - offset * MINUTE_MS }))
    .filter(({ offset, instant }) => offsetMinutes(instant, timeZone) === offset)
    .map(({ instant }) => instant)
    .sort((a, b) => a - b);
  // Skipped by a spring-forward (none shows it): counted with the offset from before the jump.
  return shown.length > 0 ? shown : [wall - before * MINUTE_MS];
}

/** The date `days` after `date` (negative: before). */
export function addDays(date: LocalDate, days: number): LocalDate {
  return new Date(utcMidnight(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The day of the week of a local date: 0 Sunday … 6 Saturday. */
export function weekdayOf(date: LocalDate): number {
  return new Date(utcMidnight(date)).getUTCDay();
}

/** "HH:MM" (00:00–24:00) as minutes of the day; null when it is not one. */
export function minuteOfDay(time: string): number | null {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(time);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 24 * 60 ? minutes : null;
}
