import type { Language } from '../shared/languages.ts';
import { API_KEYS_MAX } from '../shared/public-api-schemas.ts';
import { WEBHOOK_ENDPOINTS_MAX } from '../shared/webhook-schemas.ts';

/**
 * One error shape. Domain code throws `new AppError('WAIT_ENTRY_NOT_FOUND')`; this table maps
 * each code to its HTTP status and the message a user may see. 5xx details stay in the log.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: { status: 400, message: 'Some of the information is not valid.' },
  BAD_REQUEST: { status: 400, message: 'The request could not be understood.' },
  UNAUTHENTICATED: { status: 401, message: 'Please reload the page to sign in again.' },
  FORBIDDEN: { status: 403, message: 'You do not have access to this.' },
  COMPANY_NOT_FOUND: { status: 404, message: 'We could not find that business. Check the link or code.' },
  SERVICE_NOT_OFFERED: { status: 400, message: 'That service is not offered here. Please pick another.' },
  WAIT_ENTRY_NOT_FOUND: { status: 404, message: 'We could not find that place in line.' },
  SIGN_IN_FAILED: { status: 401, message: 'That email and password do not match.' },
  SIGN_IN_THROTTLED: {
    status: 429,
    message: 'Too many failed sign-ins. Please wait a few minutes and try again.',
  },
  STAFF_UNAUTHENTICATED: { status: 401, message: 'Please sign in to the console.' },
  BUSINESS_SUSPENDED: {
    status: 403,
    message: 'This business is suspended on this CheckN server. Please contact whoever runs the server.',
  },
  API_KEY_INVALID: {
    status: 401,
    message:
      'That API key is not valid or was revoked. The business owner can make one in Settings, API keys.',
  },
  API_KEY_READ_ONLY: {
    status: 403,
    message: 'This API key may only read. The business owner can make a read and write key in Settings.',
  },
  API_KEY_NOT_FOUND: { status: 404, message: "That key is not one of your business's keys in use." },
  API_KEYS_LIMITED: {
    status: 409,
    message: `Your business has ${API_KEYS_MAX} keys in use, the most it can have. Revoke one you no longer use first.`,
  },
  WEBHOOK_ENDPOINT_NOT_FOUND: {
    status: 404,
    message: "That address is not one of your business's webhooks.",
  },
  WEBHOOK_DELIVERY_NOT_FOUND: {
    status: 404,
    message: 'That delivery is not in your log, or it is being sent right now.',
  },
  WEBHOOK_ENDPOINTS_LIMITED: {
    status: 409,
    message: `Your business has ${WEBHOOK_ENDPOINTS_MAX} webhook addresses, the most it can have. Remove one first.`,
  },
  CSRF_FAILED: { status: 403, message: 'Please reload the page and try again.' },
  ROLE_NOT_ALLOWED: { status: 403, message: 'Your account cannot do this. Ask the business owner.' },
  ANOTHER_PROVIDERS_CUSTOMER: { status: 403, message: "This customer is another provider's." },
  PROVIDER_ACCOUNT_UNLINKED: {
    status: 403,
    message:
      'Your account is not linked to a provider. Ask the business owner to add you again, linked to your provider.',
  },
  MEMBER_NOT_FOUND: { status: 404, message: 'That person is not on your team.' },
  NOT_YOURSELF: {
    status: 409,
    message: 'You cannot do this to your own account. Change your password from your account instead.',
  },
  EMAIL_TAKEN: { status: 409, message: 'Someone on your team already has that email address.' },
  STAFF_LINKS_LIMITED: {
    status: 429,
    message: 'Too many people added or new password links made this hour. Please try again later.',
  },
  STAFF_LINK_NOT_FOUND: {
    status: 404,
    message: 'This link has expired or was already used. Ask the business owner for a new one.',
  },
  STATUS_CHANGE_NOT_ALLOWED: {
    status: 409,
    message: "That step is not possible from the entry's current status.",
  },
  NO_LONGER_WAITING: {
    status: 409,
    message: 'You are no longer waiting in line, so this is not needed. Please see the front desk.',
  },
  NEAR_TURN_ALREADY_TOLD: {
    status: 409,
    message: 'We already told you your turn is near. Please head back to the front desk.',
  },
  MORE_TIME_USED: {
    status: 409,
    message: 'Your extra time was already used. Please come to the front desk when you can.',
  },
  PROVIDER_NOT_FOUND: { status: 400, message: 'That provider does not work here.' },
  PROVIDER_UNKNOWN: {
    status: 404,
    message: 'That provider does not work at this business. Ask them for a new link.',
  },
  CALENDAR_PROVIDER_NOT_FOUND: { status: 404, message: 'That provider does not work here.' },
  APPOINTMENT_NOT_FOUND: { status: 404, message: 'We could not find that appointment.' },
  NOTE_NEEDS_PHONE: {
    status: 409,
    message: 'This visit has no phone number, so a note cannot be kept for the customer.',
  },
  REQUEST_ALREADY_ANSWERED: { status: 409, message: 'That request was already answered, or it expired.' },
  CHAT_NOT_FOUND: { status: 404, message: 'We could not find that conversation.' },
  CHAT_ERASED: {
    status: 409,
    message: "This customer's details were erased, so the conversation is closed.",
  },
  CHAT_ANSWERED_BY_OTHER: {
    status: 409,
    message: 'Someone else answers this conversation. Take it over to write.',
  },
  SCREEN_LINK_INVALID: {
    status: 403,
    message:
      "This screen's link is not valid: it may have been reset. Open the lobby screen again from the console.",
  },
  FEEDBACK_LINK_NOT_FOUND: {
    status: 404,
    message: 'We could not find this rating link. Please open it again from the text message.',
  },
  FEEDBACK_LINK_EXPIRED: {
    status: 410,
    message: 'This rating link has expired: links work for 7 days after a visit. Thank you for visiting!',
  },
  ROUTE_NOT_FOUND: { status: 404, message: 'Not found.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'That request is too large.' },
  PHONE_JOIN_LIMITED: {
    status: 429,
    message:
      'This phone number has joined this wait list too many times in the last hour. Please ask at the front desk.',
  },
  WALK_INS_CLOSED: { status: 409, message: 'We are not taking walk-ins right now.' },
  WALK_INS_PAUSED: { status: 409, message: 'The wait list is paused.' },
  NOT_TAKING_WALK_INS_ONLINE: {
    status: 409,
    message: 'We are not taking walk-ins online right now. Please ask at the front desk.',
  },
  WAIT_LIST_FULL: { status: 409, message: 'The wait list is full right now. Please check again soon.' },
  METRICS_TOKEN_INVALID: { status: 401, message: 'The metrics need the bearer token set in METRICS_TOKEN.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  INTERNAL: { status: 500, message: 'Something went wrong on our side. Please try again.' },
  UNAVAILABLE: { status: 503, message: 'The service is briefly unavailable. Please try again in a moment.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * The codes a customer's page (or a join by text) may be answered with: their messages are in
 * every customer language (http/texts/<language>.ts); the console's others stay English.
 */
export const CUSTOMER_ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'COMPANY_NOT_FOUND',
  'SERVICE_NOT_OFFERED',
  'WAIT_ENTRY_NOT_FOUND',
  'CSRF_FAILED',
  'STATUS_CHANGE_NOT_ALLOWED',
  'NO_LONGER_WAITING',
  'NEAR_TURN_ALREADY_TOLD',
  'MORE_TIME_USED',
  'PROVIDER_NOT_FOUND',
  'PROVIDER_UNKNOWN',
  'CHAT_NOT_FOUND',
  'SCREEN_LINK_INVALID',
  'FEEDBACK_LINK_NOT_FOUND',
  'FEEDBACK_LINK_EXPIRED',
  'ROUTE_NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'PHONE_JOIN_LIMITED',
  'WALK_INS_CLOSED',
  'WALK_INS_PAUSED',
  'NOT_TAKING_WALK_INS_ONLINE',
  'WAIT_LIST_FULL',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
] as const satisfies readonly ErrorCode[];
export type CustomerErrorCode = (typeof CUSTOMER_ERROR_CODES)[number];

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field: string | undefined;
  /** The message in a reader's language, when it is not the code's (http/error-texts.ts). */
  readonly localized: ((language: Language) => string) | undefined;
  /** Set with a message of its own (in one language), which no code's translation replaces. */
  readonly ownMessage: boolean;

  constructor(
    code: ErrorCode,
    options: {
      message?: string;
      localized?: (language: Language) => string;
      field?: string;
      cause?: unknown;
    } = {},
  ) {
    super(options.message ?? options.localized?.('en') ?? ERROR_CODES[code].message, {
      cause: options.cause,
    });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.field = options.field;
    this.localized = options.localized;
    this.ownMessage = options.message !== undefined;
  }
}

/** Guard that reads as a sentence: `invariantFound(entry, 'WAIT_ENTRY_NOT_FOUND')`. */
export function invariantFound<T>(value: T | null | undefined, code: ErrorCode): T {
  if (value === null || value === undefined) throw new AppError(code);
  return value;
}
