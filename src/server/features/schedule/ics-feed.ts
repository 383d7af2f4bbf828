/**
 * A provider's outside calendar (Square, Vagaro, Booksy, Google Calendar all export an iCal feed)
 * read as the times that provider is busy. Pure: text in, epoch-ms intervals out.
 *
 * ical.js parses (RFC 5545) and walks recurrence rules; the instants are worked out here, because
 * a feed names its zones in ways ical.js alone would read as UTC: a TZID without its VTIMEZONE
 * (Google sends both, many exporters only the name), floating times, all-day dates. Those are read
 * on a wall clock (`shared/local-time.ts`): the TZID's own zone when it is an IANA name this
 * runtime knows, otherwise the business's zone.
 */
import ICAL from 'ical.js';
import { addDays, instantAt, type LocalDate } from '../../../shared/local-time.ts';
import {
  type BusyBlock,
  DEFAULT_ICS_READ_LIMITS,
  IcsFeedError,
  type IcsReadLimits,
  type IcsReadResult,
} from './ics-feed-result.ts';

type Time = InstanceType<typeof ICAL.Time>;
type Component = InstanceType<typeof ICAL.Component>;

/**
 * The busy blocks of an ICS text that overlap [from, to): single events, each occurrence of a
 * repeating one (RRULE/RDATE less EXDATE, one occurrence replaced by its RECURRENCE-ID override),
 * all-day events as whole days in `timeZone`. Cancelled (STATUS:CANCELLED) and free
 * (TRANSP:TRANSPARENT) events block nothing.
 */
export function readBusyBlocks(
  text: string,
  window: { from: number; to: number },
  timeZone: string,
  limits: IcsReadLimits = DEFAULT_ICS_READ_LIMITS,
): IcsReadResult {
  const reader = new BlockReader(window, timeZone, limits);
  for (const calendar of parseCalendars(text)) reader.readCalendar(calendar);
  return reader.result();
}

function parseCalendars(text: string): Component[] {
  // Anything else (a sign-in page, an error page, JSON) is the wrong link, whatever it parses as.
  if (!/^\uFEFF?\s*BEGIN:VCALENDAR/i.test(text)) throw new IcsFeedError({ code: 'notACalendar' });
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch (error) {
    throw new IcsFeedError({ code: 'notACalendar' }, { cause: error });
  }
  // One component parses to ['vcalendar', …]; several to a list of them.
  const roots = (typeof (parsed as unknown[])[0] === 'string' ? [parsed] : parsed) as unknown[];
  const calendars = roots
    .map((jcal) => new ICAL.Component(jcal as unknown[]))
    .filter((component) => component.name === 'vcalendar');
  if (calendars.length === 0) throw new IcsFeedError({ code: 'notACalendar' });
  return calendars;
}

const knownZones = new Map<string, boolean>();

/** Whether this runtime knows the zone by that name (IANA names, as Google and Apple write them). */
function isKnownZone(tzid: string): boolean {
  let known = knownZones.get(tzid);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tzid });
      known = true;
    } catch {
      known = false;
    }
    knownZones.set(tzid, known);
  }
  return known;
}

/** A property's TZID parameter, if it has one. */
function tzidOf(property: InstanceType<typeof ICAL.Property>): string | undefined {
  const value: unknown = property.getParameter('tzid');
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first !== '' ? first : undefined;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A time's wall clock read as if it were UTC: within a day of the instant, whatever its zone. */
function wallClockMs(time: Time): number {
  return Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
}

function localDateOf(time: Time): LocalDate {
  const pad = (value: number, length: number) => String(value).padStart(length, '0');
  return `${pad(time.year, 4)}-${pad(time.month, 2)}-${pad(time.day, 2)}`;
}

/** Whole days from one date to another (both read as dates). */
function daysBetween(from: LocalDate, to: LocalDate): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
}

class BlockReader {
  private readonly blocks: BusyBlock[] = [];
  private truncated = false;
  private skippedEvents = 0;

  constructor(
    private readonly window: { from: number; to: number },
    private readonly businessZone: string,
    private readonly limits: IcsReadLimits,
  ) {}

  result(): IcsReadResult {
    this.blocks.sort((a, b) => a.startsAt - b.startsAt || a.endsAt - b.endsAt);
    return { blocks: this.blocks, truncated: this.truncated, skippedEvents: this.skippedEvents };
  }

  readCalendar(calendar: Component): void {
    const events = calendar.getAllSubcomponents('vevent');
    // An override (RECURRENCE-ID) replaces one occurrence of the event with its UID: the series
    // skips that occurrence and the override counts as an event of its own (moved, shortened,
    // cancelled), wherever it moved to.
    const replaced = new Map<string, Set<number>>();
    for (const event of events) {
      const recurrenceId = event.getFirstProperty('recurrence-id');
      const uid = event.getFirstPropertyValue('uid');
      if (!recurrenceId || typeof uid !== 'string') continue;
      try {
        const instant = this.instantOf(recurrenceId.getFirstValue() as Time, tzidOf(recurrenceId));
        replaced.set(uid, (replaced.get(uid) ?? new Set()).add(instant));
      } catch {
        // An unreadable RECURRENCE-ID replaces nothing; the override itself is read (or skipped) below.
      }
    }
    for (const event of events) {
      if (this.truncated) return;
      try {
        this.readEvent(event, replaced);
      } catch {
        this.skippedEvents += 1;
      }
    }
  }

  private readEvent(component: Component, replaced: Map<string, Set<number>>): void {
    if (String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED') return;
    if (String(component.getFirstPropertyValue('transp') ?? '').toUpperCase() === 'TRANSPARENT') return;
    const startProperty = component.getFirstProperty('dtstart');
    if (!startProperty) throw new Error('event without DTSTART');
    // Overrides are matched here (`replaced`), not by ical.js, which would look through every
    // event of the calendar for each one: 13,000 events took 25 s.
    const event = new ICAL.Event(component, { exceptions: [] });
    const start = event.startDate;
    const startZone = tzidOf(startProperty);
    const isOverride = component.hasProperty('recurrence-id');
    const uid = component.getFirstPropertyValue('uid');
    const skip = new Set<number>(isOverride || typeof uid !== 'string' ? [] : replaced.get(uid));
    // ical.js drops EXDATEs it compares on another clock (a UTC EXDATE of a TZID series whose
    // VTIMEZONE is missing); compared here as instants, they always match.
    for (const exdate of component.getAllProperties('exdate'))
      for (const value of exdate.getValues())
        skip.add(this.instantOf(value as Time, tzidOf(exdate) ?? startZone));

    const occurrences = this.occurrenceLength(event, start, startZone);
    if (!occurrences) return;
    const iterator = event.isRecurring() && !isOverride ? event.iterator() : null;
    let walked = 0;
    for (let next: Time | null = iterator ? iterator.next() : start; next; next = iterator?.next() ?? null) {
      walked += 1;
      if (walked > this.limits.maxOccurrencesPerEvent) {
        this.truncated = true;
        return;
      }
      // Years of a daily rule before the window: judged on the wall clock, which is within a day
      // of the instant, without working out each one's zone offset.
      if (wallClockMs(next) + DAY_MS + occurrences.maxLengthMs <= this.window.from) continue;
      const startsAt = this.instantOf(next, startZone);
      // Occurrences come in order: the first past the window ends an unbounded RRULE.
      if (startsAt >= this.window.to) return;
      if (skip.has(startsAt)) continue;
      const endsAt = occurrences.endOf(next, startsAt);
      if (endsAt <= this.window.from) continue;
      if (this.blocks.length >= this.limits.maxBlocks) {
        this.truncated = true;
        return;
      }
      this.blocks.push({ startsAt, endsAt });
    }
  }

  /**
   * How to find an occurrence's end from its start: all-day events last whole days (nominal: a
   * day of 23 or 25 hours still ends at midnight), timed ones as long as the first occurrence did.
   * Null when the event has no length.
   */
  private occurrenceLength(
    event: InstanceType<typeof ICAL.Event>,
    start: Time,
    startZone: string | undefined,
  ): { endOf: (occurrence: Time, startsAt: number) => number; maxLengthMs: number } | null {
    const end = event.endDate;
    if (start.isDate) {
      const days = Math.max(1, daysBetween(localDateOf(start), localDateOf(end)));
      return {
        endOf: (occurrence) => instantAt(addDays(localDateOf(occurrence), days), 0, this.businessZone),
        maxLengthMs: days * 25 * HOUR_MS,
      };
    }
    const endProperty = event.component.getFirstProperty('dtend');
    const endZone = endProperty ? tzidOf(endProperty) : startZone;
    const lengthMs = this.instantOf(end, endZone) - this.instantOf(start, startZone);
    if (!(lengthMs > 0)) return null;
    return { endOf: (_occurrence, startsAt) => startsAt + lengthMs, maxLengthMs: lengthMs };
  }

  /** The instant a feed's time stands for. */
  private instantOf(time: Time, tzid: string | undefined): number {
    if (time.isDate) return instantAt(localDateOf(time), 0, this.businessZone);
    // UTC ("…Z"), or a TZID whose VTIMEZONE is in the feed: ical.js knows the offset.
    if (time.zone && time.zone !== ICAL.Timezone.localTimezone && time.zone.tzid !== 'floating')
      return time.toUnixTime() * 1000;
    // Floating, or a TZID without its VTIMEZONE: a wall clock in a zone we know.
    const zone = tzid && isKnownZone(tzid) ? tzid : this.businessZone;
    return instantAt(localDateOf(time), time.hour * 60 + time.minute, zone) + time.second * 1000;
  }
}
