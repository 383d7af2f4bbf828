/**
 * Who works when (docs/schedule.md): a provider's weekly shifts, days off and services (the owner's,
 * in Settings) and their floor state (the board's "On the floor / On break / Off"). Used by the
 * console and the server's routes.
 */
import * as z from 'zod/mini';

export const FLOOR_STATES = ['on_floor', 'on_break', 'off'] as const;
export const floorStateSchema = z.enum(FLOOR_STATES, 'Choose On the floor, On break or Off');
export type FloorState = z.infer<typeof floorStateSchema>;

export const floorStateRequestSchema = z.object({ floorState: floorStateSchema });
export type FloorStateRequest = z.infer<typeof floorStateRequestSchema>;

/** A provider's floor state as the board shows it, and the board event that changes it. */
export const providerFloorSchema = z.object({
  providerId: z.string(),
  floorState: floorStateSchema,
  /** When it last changed; null when it never did (everyone starts on the floor). */
  changedAt: z.nullable(z.string()),
});
export type ProviderFloor = z.infer<typeof providerFloorSchema>;

/** The board topic's event for a floor state change; its data is a ProviderFloor. */
export const FLOOR_STATE_EVENT = 'provider.floor';

export const MINUTES_PER_DAY = 1440;

const wholeMinute = (message: string) => z.number(message).check(z.int(message));

/**
 * One shift of a weekday, in minutes of the business's local day. A shift past midnight ends after
 * 24:00 of the day it starts (20:00–02:00 is 1200–1560); it lasts at most a day.
 */
export const shiftSchema = z
  .object({
    weekday: wholeMinute('Choose a day of the week').check(
      z.gte(0, 'Choose a day of the week'),
      z.lte(6, 'Choose a day of the week'),
    ),
    startMinute: wholeMinute('Enter when the shift starts').check(
      z.gte(0, 'Enter when the shift starts'),
      z.lt(MINUTES_PER_DAY, 'A shift starts before midnight'),
    ),
    endMinute: wholeMinute('Enter when the shift ends'),
  })
  .check(
    z.refine((shift) => shift.endMinute > shift.startMinute, {
      message: 'A shift must end after it starts',
      path: ['endMinute'],
    }),
    z.refine((shift) => shift.endMinute <= shift.startMinute + MINUTES_PER_DAY, {
      message: 'A shift lasts at most a day',
      path: ['endMinute'],
    }),
  );
export type Shift = z.infer<typeof shiftSchema>;

/** A local date of the business, YYYY-MM-DD, that exists. */
const localDateSchema = z.string('Choose a date').check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-03-31'),
  z.refine((date) => {
    const at = Date.parse(`${date}T00:00:00Z`);
    return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === date && date >= '2000-01-01';
  }, 'That date does not exist'),
);

const serviceNameSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(80));

/** Named at the second of two equal values, so the form marks the one to change. */
const noRepeats = <T>(key: (item: T) => string, message: string) =>
  z.superRefine<T[]>((list, ctx) => {
    const seen = new Set<string>();
    for (const [index, item] of list.entries()) {
      if (seen.has(key(item))) ctx.addIssue({ code: 'custom', message, input: item, path: [index] });
      seen.add(key(item));
    }
  });

/**
 * What the owner sets for one provider (Settings): no shifts = works whenever the business is
 * open; no services = every service of the business. Each list replaces the stored one.
 */
export const providerScheduleRequestSchema = z.object({
  shifts: z.array(shiftSchema).check(
    z.maxLength(42, 'At most 6 shifts a day'),
    z.superRefine((shifts, ctx) => {
      // Within a weekday, each shift starts at or after the one before ends.
      const byStart = [...shifts.entries()].sort(
        ([, a], [, b]) => a.weekday - b.weekday || a.startMinute - b.startMinute,
      );
      for (let i = 1; i < byStart.length; i++) {
        const [, previous] = byStart[i - 1]!;
        const [index, shift] = byStart[i]!;
        if (shift.weekday === previous.weekday && shift.startMinute < previous.endMinute)
          ctx.addIssue({
            code: 'custom',
            message: 'Shifts on the same day cannot overlap',
            input: shift,
            path: [index, 'startMinute'],
          });
      }
    }),
  ),
  daysOff: z.array(localDateSchema).check(
    z.maxLength(366, 'At most 366 days off'),
    noRepeats((day: string) => day, 'That day is already a day off'),
  ),
  services: z.array(serviceNameSchema).check(
    z.maxLength(50, 'At most 50 services'),
    noRepeats((name: string) => name.toLowerCase(), 'That service is listed twice'),
  ),
});
export type ProviderScheduleRequest = z.infer<typeof providerScheduleRequestSchema>;

export const providerScheduleSchema = z.object({
  providerId: z.string(),
  /** By weekday, then start. */
  shifts: z.array(shiftSchema),
  /** Oldest first. */
  daysOff: z.array(z.string()),
  /** Empty: every service. */
  services: z.array(z.string()),
});
export type ProviderSchedule = z.infer<typeof providerScheduleSchema>;

/** Settings' "Who works when": every active provider's schedule, in the business's time zone. */
export const schedulesResponseSchema = z.object({
  timeZone: z.string(),
  /** The business's today: days off before it are history. */
  today: z.string(),
  schedules: z.array(providerScheduleSchema),
});
export type SchedulesResponse = z.infer<typeof schedulesResponseSchema>;
