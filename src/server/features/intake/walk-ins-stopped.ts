/**
 * Whether a business takes a walk-in at an instant, and if not why, in the words every entry page
 * and the API's refusal use (docs/opening-hours.md). Pure: the clock and the line come in.
 */
import type { Language } from '../../../shared/languages.ts';
import {
  describeMoment,
  describeOpening,
  formatClockTime,
  type OpeningHours,
  openingAt,
  sameLocalDay,
} from '../../../shared/opening-hours.ts';
import type { WalkInsStopped } from '../../../shared/schemas.ts';
import { INTAKE_WORDS } from './intake-texts.ts';

export interface IntakeRules {
  /** The install's operator suspended the business (migration 0036, docs/operations.md). */
  suspended: boolean;
  timeZone: string;
  /** Null: open around the clock. */
  openingHours: OpeningHours | null;
  /** Set while the staff have paused the list. */
  pause: { message: string | null; until: number | null } | null;
  maxWaiting: number | null;
  maxWaitMinutes: number | null;
}

/** The line as a new walk-in would join it. */
export interface LineLoad {
  /** People waiting in line (not called or in service). */
  waiting: number;
  /** What a new walk-in would wait, in minutes; null when nobody can say. */
  estimatedWaitMinutes: number | null;
}

/** Whether the answer needs the line (a read of the database): only with hours or caps set. */
export function needsLineLoad(rules: IntakeRules): boolean {
  return rules.openingHours !== null || rules.maxWaiting !== null || rules.maxWaitMinutes !== null;
}

const MINUTE_MS = 60_000;

/**
 * Null when a walk-in may join now. In this order: the business suspended; outside the opening hours; paused (until its
 * resume time passes); the last call (N minutes before closing, or an estimated start after
 * closing); a cap reached. `line` is read only when a rule needs it. The words are the reader's
 * `language`'s, its times and dates too.
 */
export async function walkInsStoppedAt(
  rules: IntakeRules,
  now: number,
  line: () => Promise<LineLoad>,
  language: Language = 'en',
): Promise<WalkInsStopped | null> {
  const { timeZone, openingHours } = rules;
  const words = INTAKE_WORDS[language];
  // Before the hours: a suspended business has no "Opens at" to promise.
  if (rules.suspended)
    return {
      reason: 'suspended',
      title: words.notOnline,
      details: [words.askAtDesk],
    };
  const opening = openingHours ? openingAt(openingHours, timeZone, now) : null;
  const nextOpening = opening?.nextOpensAt
    ? describeOpening(opening.nextOpensAt, now, timeZone, language, words.moments)
    : null;

  if (opening && !opening.open) {
    return {
      reason: 'closed',
      title: words.closed,
      details: nextOpening ? [nextOpening] : [],
    };
  }

  const pause = rules.pause;
  if (pause && (pause.until === null || now < pause.until)) {
    const resumes =
      pause.until === null
        ? words.checkAgain
        : words.backAt(describeMoment(pause.until, now, timeZone, language, words.moments));
    return {
      reason: 'paused',
      title: words.paused,
      details: [...(pause.message ? [pause.message] : []), resumes],
    };
  }

  if (!needsLineLoad(rules)) return null;
  const load = await line();

  if (opening?.closesAt != null && openingHours) {
    const lastCall = opening.closesAt - openingHours.lastCallMinutes * MINUTE_MS;
    const estimatedStart =
      load.estimatedWaitMinutes === null ? now : now + load.estimatedWaitMinutes * MINUTE_MS;
    if (now >= lastCall || estimatedStart >= opening.closesAt) {
      const opensToday = opening.nextOpensAt !== null && sameLocalDay(opening.nextOpensAt, now, timeZone);
      return opensToday && opening.nextOpensAt !== null
        ? {
            reason: 'last_call',
            title: words.noMoreUntil(formatClockTime(opening.nextOpensAt, timeZone, language)),
            details: [],
          }
        : {
            reason: 'last_call',
            title: words.noMoreToday,
            details: nextOpening ? [nextOpening] : [],
          };
    }
  }

  const full =
    (rules.maxWaiting !== null && load.waiting >= rules.maxWaiting) ||
    (rules.maxWaitMinutes !== null &&
      load.estimatedWaitMinutes !== null &&
      load.estimatedWaitMinutes > rules.maxWaitMinutes);
  return full ? { reason: 'full', title: words.full, details: [words.checkAgain] } : null;
}

/** The refusal's one-line message: "Closed now · Opens Tuesday 9:00 AM". */
export function stoppedMessage(stopped: WalkInsStopped): string {
  return [stopped.title, ...stopped.details].join(' · ');
}
