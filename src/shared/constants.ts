// Business constants from the walk-in spec (../shared/spec/walkin-spec.md §3 and §9).

/** Services offered when a company has configured none (spec §3, in the spec's order). */
export const DEFAULT_SERVICES: readonly string[] = [
  "Women's Haircut/Style",
  "Men's Haircut/Style",
  'Eyebrows/Eyelashes',
  'Facials',
  'Massage',
  'Mani/Pedi',
  'Med Spa',
  'Waxing',
  'Teeth Whitening',
  'Body Contouring',
];

/** US numbers only: "+1" followed by 10 digits (spec §9). */
export const PHONE_COUNTRY_PREFIX = '+1';
export const PHONE_DIGITS = 10;

/** Conversion data older than this is ignored (spec §9: 2592000000 ms, 30 days). */
export const CONVERSION_MAX_AGE_MS = 2_592_000_000;

/** The chat screen shows only the latest messages (spec §9). */
export const CHAT_VISIBLE_MESSAGES = 10;

/** Logo rendering width in CSS pixels (spec §9). */
export const LOGO_WIDTH_PX = 74;

export const LIMITS = {
  nameMaxLength: 60,
  serviceNameMaxLength: 80,
  companyIdMaxLength: 64,
  pushTokenMaxLength: 4096,
  idempotencyKeyMaxLength: 100,
} as const;

/** The console page a one-time link (invite or password reset) opens; its token is the fragment. */
export const CONSOLE_LINK_PATH = '/console/welcome';

/**
 * A logo the owner uploads: JPEG or PNG up to 5 MB, stored re-encoded as logo/{companyId}.jpg
 * (spec §3) no larger than `storedMaxPx` a side, enough for the 74 px logo on a 3x screen and the
 * poster.
 */
export const LOGO_UPLOAD = {
  maxBytes: 5 * 1024 * 1024,
  types: ['image/jpeg', 'image/png'],
  storedMaxPx: 512,
} as const;
