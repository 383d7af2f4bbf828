/**
 * A business's opening hours (docs/opening-hours.md): per weekday none, one or more ranges (a lunch
 * break is two), special days that replace a date's ranges (closed, or other hours), all in the
 * business's time zone. Worked out here as instants, so "closed now", "closes at" and "opens
 * Tuesday 9:00 AM" are the same arithmetic on the server and in the console.
 */
import { formatInLanguage } from './intl-locales.ts';
import type { Language } from './languages.ts';
import { addDays, instantAt, type LocalDate, localDateTime, minuteOfDay, weekdayOf } from './local-time.ts';

/** "HH:MM" to "HH:MM". A close at or before the open runs past midnight into the next day. */
export interface TimeRange {
  opens: string;
  closes: string;
}

export interface SpecialDay {
  /** YYYY-MM-DD in the business's time zone. */
  date: LocalDate;
  /** No ranges: closed all day. */
  ranges: TimeRange[];
}

export interface OpeningHours {
  /** Seven lists, Sunday first (Date.getDay()); an empty list is a day closed. */
  weekly: TimeRange[][];
  specialDays: SpecialDay[];
  /** Walk-ins stop this many minutes before each closing (the last customer still gets served). */
  lastCallMinutes: number;
}

export const DEFAULT_LAST_CALL_MINUTES = 30;

/** An [opens, closes) pair of instants (epoch milliseconds). */
export interface OpenInterval {
  opens: number;
  closes: number;
}

/** The ranges a local date opens for: its special day's when it has one, else its weekday's. */
function rangesOn(hours: OpeningHours, date: LocalDate): TimeRange[] {
  const special = hours.specialDays.find((day) => day.date === date);
  return special ? special.ranges : (hours.weekly[weekdayOf(date)] ?? []);
}

/**
 * The open intervals that touch [from, to), in order, touching ones merged (a range to midnight
 * and the next day's from midnight are one stretch). A range that runs past midnight belongs to
 * the day it opens on.
 */
export function openIntervals(
  hours: OpeningHours,
  timeZone: string,
  from: number,
  to: number,
): OpenInterval[] {
  const first = addDays(localDateTime(from, timeZone).date, -1);
  const last = localDateTime(to, timeZone).date;
  const intervals: OpenInterval[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) {
    for (const range of rangesOn(hours, date)) {
      const opensMinute = minuteOfDay(range.opens);
      const closesMinute = minuteOfDay(range.closes);
      if (opensMinute === null || closesMinute === null) continue;
      const opens = instantAt(date, opensMinute, timeZone);
      const closes = instantAt(
        date,
        closesMinute > opensMinute ? closesMinute : closesMinute + 24 * 60,
        timeZone,
      );
      if (closes > from && opens < to) intervals.push({ opens, closes });
    }
  }
  intervals.sort((a, b) => a.opens - b.opens);
  const merged: OpenInterval[] = [];
  for (const interval of intervals) {
    const previous = merged.at(-1);
    if (previous && interval.opens <= previous.closes)
      previous.closes = Math.max(previous.closes, interval.closes);
    else merged.push({ ...interval });
  }
  return merged;
}

/** How far ahead "opens …" looks: a business closed for longer just says "Closed now". */
const LOOK_AHEAD_DAYS = 31;
const DAY_MS = 24 * 3_600_000;

export interface OpeningNow {
  /** Open at this instant. */
  open: boolean;
  /** When the current stretch closes (open), null when none is known. */
  closesAt: number | null;
  /** The next opening after now (closed) or after the current stretch (open); null when none is set. */
  nextOpensAt: number | null;
}

export function openingAt(hours: OpeningHours, timeZone: string, now: number): OpeningNow {
  const intervals = openIntervals(hours, timeZone, now, now + LOOK_AHEAD_DAYS * DAY_MS);
  const current = intervals.find((interval) => interval.opens <= now && now < interval.closes);
  const next = intervals.find((interval) => interval.opens > now);
  return { open: current !== undefined, closesAt: current?.closes ?? null, nextOpensAt: next?.opens ?? null };
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * "9:00 AM", "2:30 PM" in the business's time zone; in another language its own clock ("14:30",
 * "下午2:30"). English keeps the spec's en-US form whatever the runtime's default locale.
 */
export function formatClockTime(instant: number, timeZone: string, language: Language = 'en'): string {
  return formatInLanguage(instant, { timeZone, hour: 'numeric', minute: '2-digit' }, language);
}

/**
 * The words around a moment to come, in one language (the server's catalogs hold the others):
 * `today` to `later` name the moment, `opens` makes it an opening. English's are the spec's.
 */
export interface MomentWords {
  /** "at 2:00 PM" */
  today: (time: string) => string;
  /** "tomorrow 9:00 AM" */
  tomorrow: (time: string) => string;
  /** "Tuesday 9:00 AM": within the week. */
  thisWeek: (weekday: string, time: string) => string;
  /** "Dec 24 9:00 AM": further off. */
  later: (date: string, time: string) => string;
  /** "Opens at 2:00 PM" */
  opens: (moment: string) => string;
}

export const ENGLISH_MOMENT_WORDS: MomentWords = {
  today: (time) => `at ${time}`,
  tomorrow: (time) => `tomorrow ${time}`,
  thisWeek: (weekday, time) => `${weekday} ${time}`,
  later: (date, time) => `${date} ${time}`,
  opens: (moment) => `Opens ${moment}`,
};

/**
 * A moment to come as a customer reads it, in their language: "at 2:00 PM" (later today),
 * "tomorrow 9:00 AM", "Tuesday 9:00 AM" (within the week), "Dec 24 9:00 AM". Weekday and month
 * names come from Intl in the reader's language; the words around them from `words`.
 */
export function describeMoment(
  instant: number,
  now: number,
  timeZone: string,
  language: Language = 'en',
  words: MomentWords = ENGLISH_MOMENT_WORDS,
): string {
  const today = localDateTime(now, timeZone).date;
  const day = localDateTime(instant, timeZone).date;
  const time = formatClockTime(instant, timeZone, language);
  if (day === today) return words.today(time);
  if (day === addDays(today, 1)) return words.tomorrow(time);
  if (day < addDays(today, 7)) {
    const weekday =
      language === 'en'
        ? (WEEKDAY_NAMES[weekdayOf(day)] ?? '')
        : formatInLanguage(instant, { timeZone, weekday: 'long' }, language);
    return words.thisWeek(weekday, time);
  }
  const date = formatInLanguage(instant, { timeZone, month: 'short', day: 'numeric' }, language);
  return words.later(date, time);
}

/**
 * When the business opens next, as a customer reads it: "Opens at 2:00 PM" (later today), "Opens
 * tomorrow 9:00 AM", "Opens Tuesday 9:00 AM" (within the week), "Opens Dec 24 9:00 AM". Another
 * language comes with its words (the server's catalogs).
 */
export function describeOpening(
  opensAt: number,
  now: number,
  timeZone: string,
  language: Language = 'en',
  words: MomentWords = ENGLISH_MOMENT_WORDS,
): string {
  return words.opens(describeMoment(opensAt, now, timeZone, language, words));
}

/** Whether two instants fall on the same local date in the business's time zone. */
export function sameLocalDay(a: number, b: number, timeZone: string): boolean {
  return localDateTime(a, timeZone).date === localDateTime(b, timeZone).date;
}
