/**
 * The staff console's API contract: the board, settings, the owner's customer look-up, Insights
 * and the team. Apart from schemas.ts (the walk-in's) so the customer pages' bundle neither
 * carries nor builds these schemas: zod builds each schema when its module runs, ~25 ms for all
 * of them on a slow phone (docs/decisions/0010). Used by the console and the server's routes.
 */
import * as z from 'zod/mini';
import { LOCATION_SEPARATOR } from './address.ts';
import { insightsFeedbackSchema } from './feedback-schemas.ts';
import {
  JOIN_FIELD_DEFAULT_MAX_LENGTH,
  JOIN_FIELD_LABEL_MAX,
  JOIN_FIELD_MAX_LENGTH_LIMIT,
  JOIN_FIELDS_MAX,
  joinAnswerSchema,
  joinFieldIdSchema,
  joinFieldSchema,
} from './join-fields.ts';
import { CONSOLE_LANGUAGES, LANGUAGES } from './languages.ts';
import { minuteOfDay } from './local-time.ts';
import { PARTY_SIZE_LIMIT, partySchema } from './party-size.ts';
import { normalizeUsNumber } from './phone.ts';
import { regularSchema } from './regular-schemas.ts';
import { providerFloorSchema } from './schedule-schemas.ts';
import {
  companyIdSchema,
  joinWaitListRequestSchema,
  nearTurnChoiceSchema,
  requestStatusSchema,
  trimmedText,
  uuidSchema,
  waitStatusSchema,
  walkInsStoppedSchema,
} from './schemas.ts';
import { STAFF_ACTION_NAMES, type StaffAction } from './wait-status.ts';

export const providerSchema = z.object({
  id: z.string(),
  name: z.string(),
  speciality: z.string(),
  station: z.string(),
});
export type Provider = z.infer<typeof providerSchema>;

export const boardEntrySchema = z.object({
  waitId: z.string(),
  customerId: z.string(),
  name: z.string(),
  /** Null for a walk-in the desk added without a phone. */
  phoneNumber: z.nullable(z.string()),
  serviceType: z.string(),
  status: waitStatusSchema,
  date: z.string(),
  calledAt: z.nullable(z.string()),
  startedAt: z.nullable(z.string()),
  finishedAt: z.nullable(z.string()),
  providerId: z.nullable(z.string()),
  providerName: z.nullable(z.string()),
  chatThreadKey: z.string(),
  /** Customer messages no staff member has opened yet. */
  unread: z.number(),
  /** A service request's answer; null for a walk-in (docs/people.md). */
  requestStatus: z.nullable(requestStatusSchema),
  /** When a pending request expires unanswered. */
  requestDeadline: z.nullable(z.string()),
  /** "I need more time": their place is held until then ("Back in 10 min"); null when no hold runs. */
  backBy: z.nullable(z.string()),
  /** "I'm here": in the lobby since then. */
  arrivedAt: z.nullable(z.string()),
  /** The held time ran out: they stand in line from this instant on (behind those who were there). */
  movedBackAt: z.nullable(z.string()),
  /** Answers to the business's own questions (docs/join-fields.md); null when none were asked. */
  joinAnswers: z.nullable(z.array(joinAnswerSchema)),
  /** The party it joined with (docs/party-size.md); null for a party of one. */
  party: partySchema,
  /** The language the customer joined in, their texts' (docs/languages.md); null: the business's. */
  language: z.nullable(z.enum(LANGUAGES)),
});
export type BoardEntry = z.infer<typeof boardEntrySchema>;

/** "HH:MM", 00:00 to 24:00. */
const clockTime = z
  .string()
  .check(z.refine((time) => minuteOfDay(time) !== null, 'Use a time such as 09:00'));

/** One opening range; a close at or before the open runs past midnight (a bar's 18:00–02:00). */
export const timeRangeSchema = z.object({ opens: clockTime, closes: clockTime }).check(
  z.refine((range) => range.opens !== range.closes, {
    message: 'Closing must differ from opening',
    path: ['closes'],
  }),
);

/** A day's ranges, in order and apart: 09:00–13:00 and 14:00–18:00, not 09:00–14:00 and 13:00–18:00. */
const dayRanges = z.array(timeRangeSchema).check(
  z.maxLength(4, 'At most 4 ranges a day'),
  z.superRefine((ranges, ctx) => {
    for (const [index, range] of ranges.entries()) {
      const previous = ranges[index - 1];
      if (!previous) continue;
      const previousCloses = minuteOfDay(previous.closes) ?? 0;
      const previousOpens = minuteOfDay(previous.opens) ?? 0;
      const opens = minuteOfDay(range.opens) ?? 0;
      if (previousCloses <= previousOpens || opens < previousCloses)
        ctx.addIssue({
          code: 'custom',
          message: 'Ranges must be in order and must not overlap',
          input: range,
          path: [index, 'opens'],
        });
    }
  }),
);

const LOCAL_DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export const LAST_CALL_MINUTES = { min: 0, max: 240 } as const;

export const openingHoursSchema = z.object({
  /** Seven days, Sunday first; an empty list is a day closed. */
  weekly: z.array(dayRanges).check(z.length(7, 'Give the hours of all seven days')),
  specialDays: z
    .array(
      z.object({
        date: z.string().check(z.regex(LOCAL_DATE_PATTERN, 'Use a date such as 2026-12-24')),
        ranges: dayRanges,
      }),
    )
    .check(
      z.maxLength(100, 'At most 100 special days'),
      z.superRefine((days, ctx) => {
        const seen = new Set<string>();
        for (const [index, day] of days.entries()) {
          if (seen.has(day.date))
            ctx.addIssue({
              code: 'custom',
              message: 'Each date once',
              input: day.date,
              path: [index, 'date'],
            });
          seen.add(day.date);
        }
      }),
    ),
  lastCallMinutes: z
    .number('Enter the minutes as a number')
    .check(
      z.int('Enter whole minutes'),
      z.gte(LAST_CALL_MINUTES.min, 'At least 0 minutes'),
      z.lte(LAST_CALL_MINUTES.max, `At most ${LAST_CALL_MINUTES.max} minutes`),
    ),
});

/** Settings' "Opening hours": null hours is open around the clock; null caps are none. */
export const intakeSettingsRequestSchema = z.object({
  openingHours: z.nullable(openingHoursSchema),
  maxWaiting: z.nullable(
    z
      .number('Enter a number of people')
      .check(
        z.int('Enter a whole number'),
        z.gte(1, 'At least 1 person'),
        z.lte(1000, 'At most 1,000 people'),
      ),
  ),
  maxWaitMinutes: z.nullable(
    z
      .number('Enter the minutes as a number')
      .check(
        z.int('Enter whole minutes'),
        z.gte(5, 'At least 5 minutes'),
        z.lte(1440, 'At most 1,440 minutes'),
      ),
  ),
});
export type IntakeSettingsRequest = z.infer<typeof intakeSettingsRequestSchema>;

/** "Pause the list" on the board: an optional word for customers and an optional resume time. */
export const pauseRequestSchema = z.object({
  message: z.optional(
    z.string().check(z.trim(), z.maxLength(200, 'The message can be at most 200 characters')),
  ),
  /** Resumes by itself after this many minutes; left out, when the staff resume it. */
  resumeInMinutes: z.optional(
    z
      .number()
      .check(z.int('Enter whole minutes'), z.gte(5, 'At least 5 minutes'), z.lte(720, 'At most 12 hours')),
  ),
});
export type PauseRequest = z.infer<typeof pauseRequestSchema>;

/** What the board shows of the list's state: taking walk-ins or why not, and the pause if any. */
export const boardIntakeSchema = z.object({
  walkInsStopped: z.nullable(walkInsStoppedSchema),
  pause: z.nullable(z.object({ message: z.string(), until: z.nullable(z.string()) })),
  /** False: open around the clock, because the owner set no hours. */
  hoursSet: z.boolean(),
  /** "Running N minutes behind"; 0 on time. */
  runningBehindMinutes: z.number(),
});

export const RUNNING_BEHIND_MINUTES = { max: 240 } as const;

/** "Running behind" on the board: the minutes (0 is on time) and whether to text everyone waiting. */
export const runningBehindRequestSchema = z.object({
  minutes: z
    .number('Enter the minutes as a number')
    .check(
      z.int('Enter whole minutes'),
      z.gte(0, 'At least 0 minutes'),
      z.lte(RUNNING_BEHIND_MINUTES.max, `At most ${RUNNING_BEHIND_MINUTES.max} minutes`),
    ),
  textWaiting: z.optional(z.boolean()),
});
export type RunningBehindRequest = z.infer<typeof runningBehindRequestSchema>;
export type BoardIntake = z.infer<typeof boardIntakeSchema>;

/** "Running behind": the bar, and how many waiting customers were texted. */
export const runningBehindResponseSchema = z.extend(boardIntakeSchema, { texted: z.number() });

export const boardResponseSchema = z.object({
  companyId: z.string(),
  entries: z.array(boardEntrySchema),
  /** Each row's customer as a regular (docs/regulars.md), by waitId; none for a row without a number. */
  regulars: z.record(z.string(), regularSchema),
  providers: z.array(providerSchema),
  /** Each active provider's "On the floor / On break / Off" (docs/schedule.md). */
  floor: z.array(providerFloorSchema),
  /** What the desk may put a walk-in down for. */
  services: z.array(z.string()),
  /** The business's own questions, asked in Add walk-in too (docs/join-fields.md). */
  joinFields: z.array(joinFieldSchema),
  /** The largest party Add walk-in offers (docs/party-size.md). */
  largestParty: z.number(),
  /** The business's language: Add walk-in's first choice for the guest's texts (docs/languages.md). */
  language: z.enum(LANGUAGES),
  /** Subscribe to the board topic after this seq to miss nothing. */
  seq: z.number(),
});
export type BoardResponse = z.infer<typeof boardResponseSchema>;

/** The board's "Add walk-in": a phone-in or a guest at the desk; the phone is optional. */
export const deskWalkInRequestSchema = z.object({
  serviceType: joinWaitListRequestSchema.shape.serviceType,
  name: joinWaitListRequestSchema.shape.name,
  phoneNumber: z.optional(z.nullable(joinWaitListRequestSchema.shape.phoneNumber)),
  providerId: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
  answers: joinWaitListRequestSchema.shape.answers,
  partySize: joinWaitListRequestSchema.shape.partySize,
  /** The language of the guest's texts, the desk's pick; left out, the business's (docs/languages.md). */
  language: z.optional(z.enum(LANGUAGES)),
});
export type DeskWalkInRequest = z.input<typeof deskWalkInRequestSchema>;

/** A board row, in the staff's addresses: `/api/v1/staff/wait-entries/{waitId}/…`. */
export const boardEntryParamsSchema = z.object({ waitId: uuidSchema('Unknown wait entry') });

/** The board's buttons: Call, Start, Done, No-show, Remove. */
export const boardActionParamsSchema = z.object({
  waitId: uuidSchema('Unknown wait entry'),
  action: z.enum(STAFF_ACTION_NAMES as [StaffAction, ...StaffAction[]]),
});

/** A service request's answer, by its provider or the desk. */
export const requestAnswerParamsSchema = z.object({
  waitId: uuidSchema('Unknown wait entry'),
  answer: z.enum(['accept', 'decline']),
});

export const assignProviderRequestSchema = z.object({
  providerId: z.nullable(z.string().check(z.maxLength(64))),
});

export const SERVICE_DURATION = { min: 5, max: 480 };

/**
 * The zone's canonical name ("america/chicago" → "America/Chicago", "US/Pacific-New" →
 * "America/Los_Angeles"), or null when this runtime (browser or server) does not know it. Intl
 * also takes aliases and short codes that PostgreSQL reads differently ("IST" is India to Intl,
 * Israel to PostgreSQL) or not at all, so a zone is stored by this name.
 */
export function canonicalTimeZone(zone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * The business's time zone: its "today" in Insights and the clock of chat times. Stored by its
 * canonical name; the server also checks that the database knows it (settings.service.ts).
 */
export const timeZoneSchema = z.string('Choose a time zone').check(
  z.maxLength(64),
  z.refine((zone) => canonicalTimeZone(zone) !== null, 'Choose a time zone from the list'),
  z.overwrite((zone) => canonicalTimeZone(zone) ?? zone),
);

/** The location is stored as "address|city|state|zip" (spec §3): a "|" inside a part would shift the rest. */
const withoutLocationSeparator = (message: string) =>
  z.refine<string>((part) => !part.includes(LOCATION_SEPARATOR), message);

/** How long a business may keep customers' names and numbers (migrations/0014 has the same bounds). */
export const RETENTION_DAYS = { min: 1, max: 3650, default: 90 } as const;

const smsTextSchema = z.string().check(z.trim(), z.maxLength(320, 'A text can be at most 320 characters'));

/** One language's wording of the texts a business may word itself; empty or left out: the default. */
export const smsWordingSchema = z.object({
  join: z.optional(smsTextSchema),
  called: z.optional(smsTextSchema),
});
export type SmsWording = z.infer<typeof smsWordingSchema>;

export const companySettingsRequestSchema = z.object({
  name: z
    .string('Please enter the business name')
    .check(
      z.trim(),
      z.minLength(1, 'Please enter the business name'),
      z.maxLength(80, 'The name can be at most 80 characters'),
    ),
  street: z
    .string()
    .check(
      z.trim(),
      z.maxLength(120, 'The address can be at most 120 characters'),
      withoutLocationSeparator('The address cannot contain the | character'),
    ),
  city: z
    .string()
    .check(
      z.trim(),
      z.maxLength(60, 'The city can be at most 60 characters'),
      withoutLocationSeparator('The city cannot contain the | character'),
    ),
  state: z.string().check(z.trim(), z.regex(/^([A-Za-z]{2})?$/, 'Use the two-letter state code')),
  zip: z.string().check(z.trim(), z.regex(/^(\d{5}(-\d{4})?)?$/, 'Use a 5-digit ZIP code')),
  /** Left out: the business keeps its time zone. */
  timeZone: z.optional(timeZoneSchema),
  /**
   * The business's own wording for texts in its language; empty for the default. {business},
   * {service}, {name}. Ignored when `smsTexts` is sent (the wording for every language).
   */
  smsJoinText: z.optional(smsTextSchema),
  smsCalledText: z.optional(smsTextSchema),
  /** The business's own wording per language (docs/languages.md); replaces every language's when sent. */
  smsTexts: z.optional(z.partialRecord(z.enum(LANGUAGES), smsWordingSchema)),
  /** When customers who did not choose are told their turn is near (docs/near-turn.md); left out, unchanged. */
  nearTurnDefault: z.optional(nearTurnChoiceSchema),
  /** The business's language (docs/languages.md); left out, unchanged. */
  language: z.optional(z.enum(LANGUAGES)),
  /** Minutes a provider has to answer a service request; left out, unchanged. */
  requestReplyMinutes: z.optional(
    z
      .number('Enter the minutes as a number')
      .check(z.int('Enter whole minutes'), z.gte(1, 'At least 1 minute'), z.lte(240, 'At most 240 minutes')),
  ),
  /** Days after a visit that customers' names and numbers are kept (docs/privacy.md); left out, unchanged. */
  retentionDays: z.optional(
    z
      .number('Enter the days as a number')
      .check(
        z.int('Enter whole days'),
        z.gte(RETENTION_DAYS.min, `At least ${RETENTION_DAYS.min} day`),
        z.lte(RETENTION_DAYS.max, `At most ${RETENTION_DAYS.max} days (10 years)`),
      ),
  ),
});
export type CompanySettingsRequest = z.infer<typeof companySettingsRequestSchema>;

export const serviceSettingSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Every service needs a name'),
      z.maxLength(80, 'A service name can be at most 80 characters'),
    ),
  durationMinutes: z
    .number('Enter the minutes a service takes')
    .check(
      z.int('Enter whole minutes'),
      z.gte(SERVICE_DURATION.min, `A service takes at least ${SERVICE_DURATION.min} minutes`),
      z.lte(SERVICE_DURATION.max, `A service takes at most ${SERVICE_DURATION.max} minutes`),
    ),
  /** The name it was saved under, when renamed: its providers (docs/schedule.md) keep doing it. */
  previousName: z.optional(z.nullable(z.string().check(z.maxLength(80)))),
});

export const servicesSettingsRequestSchema = z.object({
  services: z.array(serviceSettingSchema).check(
    z.maxLength(50, 'At most 50 services'),
    // Named at the second of the two, so the form marks the one to change.
    z.superRefine((list, ctx) => {
      const seen = new Set<string>();
      for (const [index, service] of list.entries()) {
        const name = service.name.toLowerCase();
        if (seen.has(name))
          ctx.addIssue({
            code: 'custom',
            message: 'Each service name must be different',
            input: service.name,
            path: [index, 'name'],
          });
        seen.add(name);
      }
    }),
  ),
});
export type ServicesSettingsRequest = z.infer<typeof servicesSettingsRequestSchema>;

export const providerSettingsRequestSchema = z.object({
  name: z
    .string('Please enter a name')
    .check(z.trim(), z.minLength(1, 'Please enter a name'), z.maxLength(60)),
  speciality: z.string().check(z.trim(), z.maxLength(60)),
  station: z.string().check(z.trim(), z.maxLength(40)),
});
export type ProviderSettingsRequest = z.infer<typeof providerSettingsRequestSchema>;

export const businessSettingsSchema = z.object({
  companyId: z.string(),
  name: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  timeZone: z.string(),
  smsJoinText: z.string(),
  smsCalledText: z.string(),
  /** Minutes a provider has to answer a service request before it expires. */
  requestReplyMinutes: z.number(),
  /** When customers who did not choose are told their turn is near. */
  nearTurnDefault: nearTurnChoiceSchema,
  /** Pages for readers whose browser asks for none of CheckN's languages; the kiosk; desk walk-ins' texts. */
  language: z.enum(LANGUAGES),
  /** Days after a visit that customers' names and numbers are kept. */
  retentionDays: z.number(),
  /** The texts used when the business sets none, in the business's language. */
  defaultSmsTexts: z.object({ join: z.string(), called: z.string() }),
  /** The business's own wording and the default, for each language customers may join in ('' for the default). */
  smsTextsByLanguage: z.record(
    z.enum(LANGUAGES),
    z.object({ join: z.string(), called: z.string(), defaultJoin: z.string(), defaultCalled: z.string() }),
  ),
  /** Empty when the business uses the spec's ten defaults. */
  services: z.array(z.object({ name: z.string(), durationMinutes: z.number() })),
  providers: z.array(providerSchema),
  hasCustomLogo: z.boolean(),
  openingHours: z.nullable(openingHoursSchema),
  maxWaiting: z.nullable(z.number()),
  maxWaitMinutes: z.nullable(z.number()),
  /** Feedback after the visit (docs/feedback.md): off by default; '' when no review link. */
  askFeedback: z.boolean(),
  reviewUrl: z.string(),
  /** The business's own questions when customers join (docs/join-fields.md), in order. */
  joinFields: z.array(joinFieldSchema).check(z.maxLength(JOIN_FIELDS_MAX)),
  /** The largest party customers may join with (docs/party-size.md); 1: the form does not ask. */
  largestParty: z.number(),
});
export type BusinessSettings = z.infer<typeof businessSettingsSchema>;

/**
 * The owner's customer look-up (Customers in the console): a phone number as typed, "(415)
 * 555-0123" or "+1 415 555 0123", kept as the wait list stores it ("+1" and 10 digits).
 */
export const customerLookupSchema = z.object({
  phoneNumber: z
    .pipe(
      z
        .string('Please enter a 10-digit phone number')
        .check(z.maxLength(40, 'Please enter a 10-digit phone number')),
      z.transform((typed) => normalizeUsNumber(typed) ?? ''),
    )
    .check(z.regex(/^\+1\d{10}$/, 'Please enter a 10-digit phone number')),
});
export type CustomerLookup = z.input<typeof customerLookupSchema>;

/** One visit of a customer, as the owner's look-up lists it. */
export const customerVisitSchema = z.object({
  waitId: z.string(),
  date: z.string(),
  name: z.string(),
  serviceType: z.string(),
  status: waitStatusSchema,
  providerName: z.nullable(z.string()),
});
export type CustomerVisit = z.infer<typeof customerVisitSchema>;

export const customerLookupResponseSchema = z.object({
  phoneNumber: z.string(),
  visits: z.array(customerVisitSchema),
  /** The number sent STOP: it stays opted out whatever is erased (docs/privacy.md). */
  optedOut: z.boolean(),
});
export type CustomerLookupResponse = z.infer<typeof customerLookupResponseSchema>;

/** What an erase did: how many visits lost their name and number. */
/**
 * Customers, Export: everything the business holds about a number, as the file the owner hands
 * over (docs/privacy.md). Its records keep every column they have: a copy of what is stored, not a
 * view of it, so their fields are listed by the server's queries (privacy.repository.ts).
 */
const storedRecords = z.array(z.record(z.string(), z.unknown()));
export const customerExportSchema = z.object({
  business: z.string(),
  phoneNumber: z.string(),
  exportedAt: z.string(),
  optedOutOfTexts: z.boolean(),
  visits: storedRecords,
  customerNote: z.nullable(z.record(z.string(), z.unknown())),
  feedback: storedRecords,
  chatMessages: storedRecords,
  textMessages: storedRecords,
  pushSubscriptions: storedRecords,
  appointments: storedRecords,
});
export type CustomerExport = z.infer<typeof customerExportSchema>;

/** The longest range Insights and its CSV cover: a year, leap day included. */
export const INSIGHTS_MAX_DAYS = 366;

/** Days from one YYYY-MM-DD to another (negative when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The YYYY-MM-DD `days` after (or before, when negative) another. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** No visit is older (and PostgreSQL has no year 0, which JavaScript's dates take). */
export const EARLIEST_CALENDAR_DATE = '2000-01-01';

/** A calendar date, YYYY-MM-DD, of the business's time zone. */
const calendarDate = (missing: string) =>
  z.string(missing).check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-03-31'),
    z.refine((date) => {
      const at = Date.parse(`${date}T00:00:00Z`);
      return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === date;
    }, 'That date does not exist'),
    z.refine((date) => date >= EARLIEST_CALENDAR_DATE, 'Choose a date from the year 2000 on'),
  );

/** Days of the business's time zone, both included. */
export interface InsightsRange {
  from: string;
  to: string;
}

const insightsRangeFields = {
  from: calendarDate('Choose the first day'),
  to: calendarDate('Choose the last day'),
};
/**
 * `today` is the business's (its zone's date): the server works it out, and the page has it from
 * the server's last answer. A day after it has no visits yet, only empty bars.
 */
const insightsRangeChecks = (today: string) => [
  z.refine<InsightsRange>((range) => range.from <= today, {
    message: 'The first day cannot be after today',
    path: ['from'],
  }),
  z.refine<InsightsRange>((range) => range.to <= today, {
    message: 'The last day cannot be after today',
    path: ['to'],
  }),
  z.refine<InsightsRange>((range) => range.from <= range.to, {
    message: 'The last day must be on or after the first day',
    path: ['to'],
  }),
  z.refine<InsightsRange>(
    (range) => range.from > range.to || daysBetween(range.from, range.to) < INSIGHTS_MAX_DAYS,
    { message: `Choose at most ${INSIGHTS_MAX_DAYS} days`, path: ['to'] },
  ),
];

/**
 * `?from=YYYY-MM-DD&to=YYYY-MM-DD`: days of the business's time zone, both included, up to its
 * `today`.
 */
export const insightsRangeSchema = (today: string) =>
  z.object(insightsRangeFields).check(...insightsRangeChecks(today));

/**
 * `?days=N`: the business's last N days, its today included, worked out by the server when it
 * answers (the page's Today, 7, 30 and 90 days: a page open across midnight asks again and gets the
 * new day, where dates it had worked out would stay on the old one).
 */
export const insightsDaysSchema = z.object({
  days: z.string().check(
    z.regex(/^\d{1,3}$/, `Choose 1 to ${INSIGHTS_MAX_DAYS} days`),
    z.refine(
      (days) => Number(days) >= 1 && Number(days) <= INSIGHTS_MAX_DAYS,
      `Choose 1 to ${INSIGHTS_MAX_DAYS} days`,
    ),
  ),
});

/**
 * What Insights' addresses take, as a route declares it: the rules that depend on the business's
 * today (insightsRangeSchema, insightsCsvQuerySchema) are checked by the route with that today.
 */
export const insightsQuerySchema = z.object({
  days: z.optional(insightsDaysSchema.shape.days),
  from: z.optional(z.string()),
  to: z.optional(z.string()),
});
export const insightsCsvQueryFieldsSchema = z.extend(insightsQuerySchema, {
  phones: z.optional(z.string()),
  language: z.optional(z.string()),
});

/**
 * The CSV of a range's visits; `phones=1` adds each visitor's name and phone number; `language`,
 * the console's (a download is a plain link, so it says the console's choice itself), words its
 * header and statuses.
 */
export const insightsCsvQuerySchema = (today: string) =>
  z
    .object({
      ...insightsRangeFields,
      phones: z.optional(z.enum(['0', '1'], 'phones is 1 or 0')),
      language: z.optional(z.enum(CONSOLE_LANGUAGES, 'The console speaks en or es')),
    })
    .check(...insightsRangeChecks(today));

/** Visits, waits and no-shows of one group (a service, a provider, or all). */
const insightsGroupSchema = z.object({
  visits: z.number(),
  /** Minutes from arrival to being called (or started, when never called): docs/insights.md. */
  averageWaitMinutes: z.nullable(z.number()),
  /** Called visits whose outcome is known (served or no-show; not cancelled). */
  calledVisits: z.number(),
  /** Called visits that ended as a no-show. */
  noShows: z.number(),
});

/** The console's Insights: one business over a range of its days (docs/insights.md). */
export const insightsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The business's today and its zone: the page's ranges end there. */
  today: z.string(),
  timeZone: z.string(),
  /** The server's clock when it answered: the page tells from it when the business's day turns. */
  now: z.string(),
  days: z.array(z.object({ day: z.string(), joins: z.number() })),
  /** Arrivals by weekday (0 Sunday … 6 Saturday), each by hour of day (0 … 23), in the business's zone. */
  arrivals: z.array(z.array(z.number())),
  /** Visitors who reached each step of the walk-in flow (analytics events, spec §7). */
  funnel: z.object({
    landing: z.number(),
    serviceNext: z.number(),
    userInfoNext: z.number(),
    joined: z.number(),
  }),
  wait: z.object({
    /** Visits with a wait: called, or started without a call. */
    visits: z.number(),
    averageMinutes: z.nullable(z.number()),
    /** Nine in ten of those visits waited at most this long. */
    p90Minutes: z.nullable(z.number()),
  }),
  /** The estimate shown at joining against the wait that followed, over the visits that had both. */
  estimate: z.object({
    visits: z.number(),
    medianErrorMinutes: z.nullable(z.number()),
    averageEstimateMinutes: z.nullable(z.number()),
    averageWaitMinutes: z.nullable(z.number()),
  }),
  noShows: z.object({ noShows: z.number(), calledVisits: z.number() }),
  /** Ratings after the visit (docs/feedback.md), with the latest comments. */
  feedback: insightsFeedbackSchema,
  byService: z.array(z.extend(insightsGroupSchema, { service: z.string() })),
  /** A null provider: visits assigned to no one (or to a provider since removed). */
  byProvider: z.array(
    z.extend(insightsGroupSchema, {
      providerId: z.nullable(z.string()),
      providerName: z.nullable(z.string()),
    }),
  ),
});
export type Insights = z.infer<typeof insightsSchema>;

export const staffSignInRequestSchema = z.object({
  email: z
    .string('Please enter your email')
    .check(z.trim(), z.minLength(3, 'Please enter your email'), z.maxLength(254)),
  password: z
    .string('Please enter your password')
    .check(z.minLength(1, 'Please enter your password'), z.maxLength(200)),
  /** The business chosen when the password opens accounts at several (decisions/0011). */
  companyId: z.optional(companyIdSchema),
});
export type StaffSignInRequest = z.infer<typeof staffSignInRequestSchema>;

/**
 * Sign-in's answer when the password opens accounts at several businesses: no session yet; the
 * person picks one and signs in again with its companyId. Only businesses the password opened.
 */
export const chooseBusinessSchema = z.object({
  chooseBusiness: z.array(z.object({ companyId: z.string(), companyName: z.string() })),
});
export type ChooseBusiness = z.infer<typeof chooseBusinessSchema>;

/**
 * Owner: everything. Front desk: the board, chat, texts, requests and desk walk-ins. Provider: their
 * own customers on the board and in chat (docs/people.md).
 */
export const staffRoleSchema = z.enum(['owner', 'front_desk', 'provider'], 'Pick a role');
export type StaffRole = z.infer<typeof staffRoleSchema>;

export const STAFF_PASSWORD_MIN_LENGTH = 10;
export const staffPasswordSchema = z
  .string('Please choose a password')
  .check(
    z.minLength(STAFF_PASSWORD_MIN_LENGTH, `Use at least ${STAFF_PASSWORD_MIN_LENGTH} characters`),
    z.maxLength(200, 'Use at most 200 characters'),
  );

const staffEmailSchema = z
  .string('Please enter an email address')
  .check(
    z.trim(),
    z.toLowerCase(),
    z.maxLength(254, 'That email address is too long'),
    z.regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, 'Please enter an email address'),
  );

/** The owner adds a member: a provider account names the provider it is. */
export const addMemberRequestSchema = z.object({
  name: trimmedText(80, 'Please enter a name', 'Use at most 80 characters'),
  email: staffEmailSchema,
  role: staffRoleSchema,
  providerId: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
});
export type AddMemberRequest = z.input<typeof addMemberRequestSchema>;

export const memberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  providerId: z.nullable(z.string()),
  providerName: z.nullable(z.string()),
  /** Invited: has not chosen a password yet. */
  status: z.enum(['active', 'invited']),
  /** When the member's open one-time link (invite or reset) stops working. */
  linkExpiresAt: z.nullable(z.string()),
  /** The signed-in owner themself. */
  isYou: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

export const peopleResponseSchema = z.object({
  members: z.array(memberSchema),
  providers: z.array(providerSchema),
});
export type PeopleResponse = z.infer<typeof peopleResponseSchema>;

/** A one-time link, shown once to the owner who made it. */
export const memberLinkResponseSchema = z.object({
  member: memberSchema,
  link: z.string(),
  expiresAt: z.string(),
});
export type MemberLinkResponse = z.infer<typeof memberLinkResponseSchema>;

/** The token travels in the body, never in a URL a server or proxy would log. */
export const staffLinkRequestSchema = z.object({
  token: z.string('That link is not valid').check(z.minLength(1, 'That link is not valid'), z.maxLength(200)),
});
export const staffLinkResponseSchema = z.object({
  kind: z.enum(['invite', 'reset']),
  name: z.string(),
  email: z.string(),
  companyName: z.string(),
});
export type StaffLinkResponse = z.infer<typeof staffLinkResponseSchema>;

export const setPasswordRequestSchema = z.object({
  token: staffLinkRequestSchema.shape.token,
  password: staffPasswordSchema,
});
export type SetPasswordRequest = z.infer<typeof setPasswordRequestSchema>;

export const changePasswordRequestSchema = z.object({
  currentPassword: z
    .string('Please enter your current password')
    .check(z.minLength(1, 'Please enter your current password'), z.maxLength(200)),
  newPassword: staffPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** Your account's language: the console's words for this member on every device. */
export const staffLanguageRequestSchema = z.object({ language: z.enum(CONSOLE_LANGUAGES) });
export type StaffLanguageRequest = z.infer<typeof staffLanguageRequestSchema>;

export const staffMeSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  companyId: z.string(),
  companyName: z.string(),
  /** The business's IANA time zone: the console shows every time in it, as the chat does. */
  timeZone: z.string(),
  /** PUBLIC_URL: the address customers use, for the poster's QR code and the walk-in link. */
  publicUrl: z.string(),
  providerId: z.nullable(z.string()),
  /** The console language this member chose (Your account); null: the device's (docs/languages.md). */
  language: z.nullable(z.enum(CONSOLE_LANGUAGES)),
  /** Sent back in the X-CSRF-Token header on every change. */
  csrfToken: z.string(),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

/** A sign-in: the console, or the businesses to choose from when one password opens several. */
export const staffSignInResponseSchema = z.union([staffMeSchema, chooseBusinessSchema]);

/**
 * The outbox console's text as a customer (docs/text-messages.md): an answer to one of the
 * business's texts, or a first text from a new number (to join by text).
 */
export const textAsCustomerRequestSchema = z.object({
  phoneNumber: z
    .string('Please enter a 10-digit phone number')
    .check(z.regex(/^\+1\d{10}$/, 'Please enter a 10-digit phone number')),
  body: z
    .string('Please write a text')
    .check(
      z.trim(),
      z.minLength(1, 'Please write a text'),
      z.maxLength(1600, 'A text is at most 1600 characters'),
    ),
});
export type TextAsCustomerRequest = z.input<typeof textAsCustomerRequestSchema>;

/** What became of a text the console sent as a customer: joined by text, a chat message, a keyword… */
export const textAsCustomerResponseSchema = z.object({ outcome: z.string() });

/** A text of the business, sent or received, as the Text messages page lists it. */
export const textMessageSchema = z.object({
  id: z.string(),
  waitId: z.nullable(z.string()),
  direction: z.enum(['outbound', 'inbound']),
  kind: z.string(),
  phoneNumber: z.string(),
  body: z.string(),
  status: z.string(),
  attempts: z.number(),
  lastError: z.nullable(z.string()),
  createdAt: z.string(),
});
export type TextMessage = z.infer<typeof textMessageSchema>;

/** The Text messages page: the newest texts, and which driver sends them (the outbox lets staff answer). */
export const textMessagesResponseSchema = z.object({
  driver: z.enum(['outbox', 'twilio', 'fake']),
  messages: z.array(textMessageSchema),
});
export type TextMessagesResponse = z.infer<typeof textMessagesResponseSchema>;

/** Custom join fields (docs/join-fields.md): the owner's list, checked as shared/join-fields.ts stores it. */
const joinFieldLabelSchema = z
  .string('Please name the field')
  .check(
    z.trim(),
    z.minLength(1, 'Please name the field'),
    z.maxLength(JOIN_FIELD_LABEL_MAX, `A field's name can be at most ${JOIN_FIELD_LABEL_MAX} characters`),
  );

const joinFieldMaxLengthSchema = z
  .number('Choose the longest answer')
  .check(
    z.int('Choose a whole number of characters'),
    z.minimum(1, 'Answers need at least 1 character'),
    z.maximum(
      JOIN_FIELD_MAX_LENGTH_LIMIT,
      `Answers can be at most ${JOIN_FIELD_MAX_LENGTH_LIMIT} characters`,
    ),
  );

/**
 * Settings › "Questions when customers join": the fields in the order customers see them. A field
 * without an id is new; a field left out is removed (past visits keep what they answered).
 */
export const joinFieldsSettingsRequestSchema = z.object({
  fields: z
    .array(
      z.object({
        id: z.optional(joinFieldIdSchema),
        label: joinFieldLabelSchema,
        required: z._default(z.boolean(), false),
        maxLength: z._default(joinFieldMaxLengthSchema, JOIN_FIELD_DEFAULT_MAX_LENGTH),
      }),
    )
    .check(z.maxLength(JOIN_FIELDS_MAX, `At most ${JOIN_FIELDS_MAX} fields`)),
});
export type JoinFieldsSettingsRequest = z.input<typeof joinFieldsSettingsRequestSchema>;

/** Settings › "Largest party" (docs/party-size.md): 1 (the join form does not ask) to 8. */
export const partySizeSettingsRequestSchema = z.object({
  largestParty: z
    .number('Choose the largest party')
    .check(
      z.int('Choose a whole number of people'),
      z.minimum(1, 'The largest party is at least 1 person'),
      z.maximum(PARTY_SIZE_LIMIT, `The largest party can be at most ${PARTY_SIZE_LIMIT} people`),
    ),
});
export type PartySizeSettingsRequest = z.input<typeof partySizeSettingsRequestSchema>;
