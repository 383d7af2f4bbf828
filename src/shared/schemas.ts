/**
 * The API contract of the walk-in's pages, analytics and chat: one schema per request and
 * response, used by the customer app's forms and by the server's routes. zod/mini keeps the
 * customer bundle small; the staff console's schemas are in staff-schemas.ts, which the customer
 * pages do not load (docs/decisions/0010).
 */

import * as z from 'zod/mini';
import { LIMITS } from './constants.ts';
import { joinAnswersInputSchema, joinFieldSchema } from './join-fields.ts';
import { partySizeInputSchema } from './party-size.ts';

export const trimmedText = (max: number, requiredMessage: string, tooLongMessage: string) =>
  z
    .string(requiredMessage)
    .check(z.trim(), z.minLength(1, requiredMessage), z.maxLength(max, tooLongMessage));

export const companyIdSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(LIMITS.companyIdMaxLength), z.regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/));

/** Ids we make are UUIDs; anything else cannot name one of our rows. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const uuidSchema = (message: string) => z.string().check(z.regex(UUID_PATTERN, message));

export const companyParamsSchema = z.object({ companyId: companyIdSchema });

export const waitEntryParamsSchema = z.object({
  companyId: companyIdSchema,
  waitId: uuidSchema('Unknown wait entry'),
});

export const joinWaitListRequestSchema = z.object({
  serviceType: trimmedText(
    LIMITS.serviceNameMaxLength,
    'Please select service',
    'That service name is too long',
  ),
  name: trimmedText(
    LIMITS.nameMaxLength,
    'Please enter your name',
    `Name must be at most ${LIMITS.nameMaxLength} characters`,
  ),
  phoneNumber: z
    .string('Please enter a 10-digit phone number')
    .check(z.regex(/^\+1\d{10}$/, 'Please enter a 10-digit phone number')),
  allowSms: z._default(z.boolean(), true),
  fcmToken: z.optional(z.nullable(z.string().check(z.maxLength(LIMITS.pushTokenMaxLength)))),
  /** Answers to the business's own questions, by field id (docs/join-fields.md); checked against them. */
  answers: joinAnswersInputSchema,
  /** How many people join together, them included (docs/party-size.md); absent: one. */
  partySize: partySizeInputSchema,
});
export type JoinWaitListRequest = z.input<typeof joinWaitListRequestSchema>;

export const joinWaitListResponseSchema = z.object({
  waitId: z.string(),
  /** False when no text went out (texts not allowed, or a limit on texts to the number was reached). */
  textSent: z.boolean(),
});
export type JoinWaitListResponse = z.infer<typeof joinWaitListResponseSchema>;

/** Everything the landing page needs in one round trip (besides the logo image). */
/**
 * Why a business takes no walk-in now (docs/opening-hours.md), in the words its entry pages show:
 * "Closed now" / "Opens Tuesday 9:00 AM". The server works it out; pages only show it.
 */
export const walkInsStoppedSchema = z.object({
  reason: z.enum(['suspended', 'closed', 'last_call', 'paused', 'full']),
  title: z.string(),
  details: z.array(z.string()),
});
export type WalkInsStopped = z.infer<typeof walkInsStoppedSchema>;

export const walkInLandingSchema = z.object({
  companyId: z.string(),
  /** The business account id: the "id" part of getUserIdByCompanyId, kept by the app (spec §3). */
  accountId: z.string(),
  name: z.string(),
  location: z.string(),
  services: z.array(z.string()),
  /** The business's own questions, asked under name and phone (docs/join-fields.md); often none. */
  joinFields: z.array(joinFieldSchema),
  /** The largest party it takes (docs/party-size.md); 1: the join form does not ask. */
  largestParty: z.number(),
  /** Null while the business takes walk-ins; else why not, and the pages offer no way to join. */
  walkInsStopped: z.nullable(walkInsStoppedSchema),
});
export type WalkInLanding = z.infer<typeof walkInLandingSchema>;

/** The provider an add-client link names, as the business has them (spec §2 "/add-client/{spId}"). */
export const serviceRequestProviderSchema = z.object({
  name: z.string(),
  speciality: z.nullable(z.string()),
  /** Null while the business takes requests; else why not (the page shows it instead of the form). */
  walkInsStopped: z.nullable(walkInsStoppedSchema),
});
export type ServiceRequestProvider = z.infer<typeof serviceRequestProviderSchema>;

/** The provider an add-client link names: any text, so a mistyped link reads "not found", not "invalid". */
export const companyProviderParamsSchema = z.object({
  companyId: companyIdSchema,
  providerId: z.string().check(z.maxLength(200)),
});

/** GET /api/v1/getCompanyLocations/{companyId}: a list whose first item's Name is read (spec §7). */
export const companyLocationsResponseSchema = z.array(z.object({ Name: z.string() }));

export const waitStatusSchema = z.enum(['waiting', 'called', 'in_service', 'done', 'no_show', 'cancelled']);
export type WaitStatus = z.infer<typeof waitStatusSchema>;

/** The wait history record of spec §3: which provider a wait went to. */
export const waitHistorySchema = z.object({
  id: z.string(),
  name: z.string(),
  providerId: z.nullable(z.string()),
  providerName: z.nullable(z.string()),
  providerStation: z.nullable(z.string()),
});

export const requestStatusSchema = z.enum(['pending', 'accepted', 'declined', 'expired']);
export type RequestStatus = z.infer<typeof requestStatusSchema>;

/**
 * "Text me when I'm N away" (docs/near-turn.md): when they are next, when 2, 3 or 5 are ahead,
 * about 15 minutes before their estimated turn, or not at all. The business's default is one too.
 */
export const NEAR_TURN_CHOICES = ['next', 'ahead_2', 'ahead_3', 'ahead_5', 'minutes_15', 'off'] as const;
export const nearTurnChoiceSchema = z.enum(NEAR_TURN_CHOICES, 'Choose when we should text you');
export type NearTurnChoice = z.infer<typeof nearTurnChoiceSchema>;

export const nearTurnRequestSchema = z.object({ choice: nearTurnChoiceSchema });
export type NearTurnRequest = z.infer<typeof nearTurnRequestSchema>;

export const waitEntryResponseSchema = z.object({
  waitId: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  id: z.string(),
  serviceType: z.string(),
  name: z.string(),
  phoneNumber: z.string(),
  allowSms: z.boolean(),
  date: z.string(),
  status: waitStatusSchema,
  history: waitHistorySchema,
  /** 1 for next in line; null unless waiting. */
  position: z.nullable(z.number()),
  estimatedWaitMinutes: z.nullable(z.number()),
  /** What the page shows: "About 25–40 min" (docs/wait-estimate.md); null with no estimate. */
  estimatedWaitRange: z.nullable(z.object({ low: z.number(), high: z.number() })),
  /** The business is running this many minutes behind (already in the estimate); 0 on time. */
  runningBehindMinutes: z.number(),
  /**
   * Who came into the line ahead of them since they joined, the latest first (at most 10; empty
   * unless waiting): what the page names when their place goes up (docs/wait-estimate.md). `at`
   * tells one from another between two reads; an appointment's booked time is on the business's
   * clock ("2:30 PM"); a request's provider is null when it went to nobody in particular.
   */
  cameInAhead: z.array(
    z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('appointment'), at: z.string(), bookedFor: z.string() }),
      z.object({ kind: z.literal('request'), at: z.string(), providerName: z.nullable(z.string()) }),
      z.object({ kind: z.literal('rejoined'), at: z.string() }),
    ]),
  ),
  /** The chat node "{providerId}-{userId}" of this wait (spec §3). */
  chatThreadKey: z.string(),
  /** Whether the join's text went out: the page promises a text only then. */
  textSent: z.boolean(),
  /** How many joined together on this entry (docs/party-size.md): 1 for a party of one. */
  partySize: z.number(),
  /** A service request to a named provider, and their answer; null for a walk-in. */
  request: z.nullable(
    z.object({ status: requestStatusSchema, providerName: z.string(), deadline: z.nullable(z.string()) }),
  ),
  /**
   * "I need more time" (docs/more-time.md): while their place is held, until when (an instant, and
   * as the business's clock shows it: "3:40 PM") and the minutes asked; null otherwise.
   */
  heldUntil: z.nullable(z.object({ at: z.string(), clock: z.string(), minutes: z.number() })),
  /** The held time ran out before "I'm here": they now stand behind the customers who were there. */
  movedBack: z.boolean(),
  /** Whether "I need more time" is offered: while waiting, once per visit (or to lengthen the hold). */
  mayAskMoreTime: z.boolean(),
  /** When they said "I'm here"; null until they do (or since they asked for more time). */
  arrivedAt: z.nullable(z.string()),
  /** "Text me when I'm N away" (docs/near-turn.md). */
  nearTurn: z.object({
    /** What counts: theirs when they chose, else the business's default. */
    choice: nearTurnChoiceSchema,
    /** Whether the customer chose it (false: the business's default). */
    chosen: z.boolean(),
    /** When they were told their turn is near; null until then. After it the choice is final. */
    toldAt: z.nullable(z.string()),
    /** Whether that news went out as a text (not blocked by a limit, the number not opted out). */
    texted: z.boolean(),
  }),
});
export type WaitEntryResponse = z.infer<typeof waitEntryResponseSchema>;

/** "I need more time": the minutes a customer may ask for, one tap each (docs/more-time.md). */
export const MORE_TIME_MINUTES = [10, 20] as const;
export type MoreTimeMinutes = (typeof MORE_TIME_MINUTES)[number];

export const moreTimeRequestSchema = z.object({
  minutes: z.literal(MORE_TIME_MINUTES, 'Ask for 10 or 20 more minutes'),
});
export type MoreTimeRequest = z.infer<typeof moreTimeRequestSchema>;

export const CHAT_MESSAGE_MAX_LENGTH = 1000;

/** The spec's sendMessage payload (spec §7). historyId is the wait id; chatNode the thread key. */
export const sendMessageRequestSchema = z.object({
  historyId: uuidSchema('Unknown conversation'),
  companyId: z.string().check(z.minLength(1), z.maxLength(64)),
  message: z
    .string('Please write a message')
    .check(
      z.trim(),
      z.minLength(1, 'Please write a message'),
      z.maxLength(CHAT_MESSAGE_MAX_LENGTH, `Messages can be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`),
    ),
  user: z.object({ id: z.string().check(z.maxLength(100)), name: z.string().check(z.maxLength(100)) }),
  notify: z.object({ id: z.string().check(z.maxLength(100)), name: z.string().check(z.maxLength(100)) }),
  chatNode: z.string().check(z.minLength(1), z.maxLength(200)),
  /** Staff only, owner only: the message is signed with the business's name, not the owner's. */
  asBusiness: z.optional(z.boolean()),
});
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;

/** A chat message as spec §3 shapes it: createdAt in epoch seconds, userName (and name). */
export const chatMessageSchema = z.object({
  id: z.string(),
  createdAt: z.number(),
  userId: z.string(),
  userName: z.string(),
  name: z.string(),
  message: z.string(),
  sender: z.enum(['customer', 'staff']),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatThreadSchema = z.object({
  waitId: z.string(),
  companyId: z.string(),
  threadKey: z.string(),
  /**
   * Who the customer talks to: the staff member answering, else the assigned provider, else the
   * business (docs/people.md).
   */
  providerName: z.string(),
  /** The staff member who answers this conversation; null: the front desk, whoever is there. */
  answeredBy: z.nullable(
    z.object({
      id: z.string(),
      name: z.string(),
      /** The provider a provider's account speaks for: each of their accounts answers too. */
      providerId: z.nullable(z.string()),
    }),
  ),
  providerId: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  /** The business's time zone: chat times are shown in it. */
  timeZone: z.string(),
  /** The latest messages, oldest first. */
  messages: z.array(chatMessageSchema),
  /** Subscribe to the chat topic after this seq to miss nothing. */
  seq: z.number(),
});
export type ChatThread = z.infer<typeof chatThreadSchema>;

/** The spec's add-client payload (spec §3): the service request page's one call. */
export const addClientRequestSchema = z.object({
  spId: uuidSchema('Unknown provider'),
  spName: z.string().check(z.maxLength(60)),
  spSpeciality: z.string().check(z.trim(), z.maxLength(60)),
  companyId: z.string().check(z.minLength(1), z.maxLength(64)),
  clientName: z
    .string('Please enter name & phone number')
    .check(z.trim(), z.minLength(1, 'Please enter your name'), z.maxLength(121, 'That name is too long')),
  /** Digits only (spaces, parentheses and dash removed); a leading 1 or +1 is the country code. */
  clientPhoneNumber: z
    .string('Please enter a 10-digit phone number')
    .check(z.regex(/^\+?1?\d{10}$/, 'Please enter a 10-digit phone number')),
});
export type AddClientRequest = z.infer<typeof addClientRequestSchema>;

/** An erase (the customer's Forget me, the owner's Erase): how many visits lost their details. */
export const eraseResponseSchema = z.object({ erased: z.number() });
export type EraseResponse = z.infer<typeof eraseResponseSchema>;

/** The server's VAPID public key, for the browser's push subscription. */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });

export const customerSessionSchema = z.object({ customerId: z.string(), token: z.string() });
export type CustomerSession = z.infer<typeof customerSessionSchema>;

/** Event names of spec §7. */
export const analyticsEventNameSchema = z.enum([
  'screen_view',
  'walk_in_service_selected',
  'walk_in_next_pressed',
  'user_info_next_pressed',
  'user_info_new_walkin_success',
  'add_client_success',
]);
export type AnalyticsEventName = z.infer<typeof analyticsEventNameSchema>;

/**
 * Analytics text as PostgreSQL can keep it: U+0000 and unpaired UTF-16 surrogates (which JSON
 * allows and jsonb refuses) become U+FFFD, the way String.prototype.toWellFormed repairs text. A
 * stray character from a pasted link is not worth losing a visitor's batch over.
 */
const analyticsText = (maxLength: number, minLength = 0) =>
  z.pipe(
    z.string().check(z.minLength(minLength), z.maxLength(maxLength)),
    z.transform((value) =>
      value.replace(/\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
    ),
  );
const analyticsParamValue = z.union([analyticsText(500), z.number(), z.boolean(), z.null()]);

/**
 * A batch of spec §7 events from the customer app, sent with the customer's token: the token, not
 * the body, says whose events they are. Each event names the business whose page it was logged on
 * (null on pages of no business: home, not found).
 */
export const analyticsBatchSchema = z.object({
  visitorId: analyticsText(64, 1),
  events: z
    .array(
      z.object({
        name: analyticsEventNameSchema,
        companyId: z.nullable(analyticsText(500)),
        params: z.record(analyticsText(64), analyticsParamValue),
        occurredAt: z.iso.datetime(),
      }),
    )
    .check(z.minLength(1), z.maxLength(50)),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;

/** Reserve with Google conversion report from the app (spec §7); the server adds the partner id. */
export const conversionRequestSchema = z.object({
  rwg_token: z.string().check(z.minLength(1), z.maxLength(1024)),
  merchant_changed: z.enum(['1', '2']),
});
export type ConversionRequest = z.infer<typeof conversionRequestSchema>;

export const apiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), field: z.optional(z.string()) }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** First failing field and its message, for the forms and for the server's 400 body. */
export function firstIssue(error: z.core.$ZodError): { field: string | undefined; message: string } {
  const issue = error.issues[0];
  return {
    field: issue?.path.map(String).join('.') || undefined,
    message: issue?.message ?? 'Invalid input',
  };
}

/**
 * The first problem of each field, by its path ("retentionDays", "services.1.name"), for a form
 * that shows each under its field; a problem of the whole request is under ''.
 */
export function issuesByField(error: z.core.$ZodError): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const issue of error.issues) byField[issue.path.map(String).join('.')] ??= issue.message;
  return byField;
}

export { z };
