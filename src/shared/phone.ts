import { PHONE_COUNTRY_PREFIX, PHONE_DIGITS } from './constants.ts';

/**
 * Digits the customer typed, without the fixed "+1" of the mask and capped at 10.
 * The input shows "+1 (###) ###-####" (spec §5), so when the browser hands us the
 * whole masked value back we must drop the mask's own "1" before keeping digits.
 */
export function phoneDigitsFromInput(value: string): string {
  const trimmed = value.trimStart();
  if (trimmed.startsWith(PHONE_COUNTRY_PREFIX)) {
    return trimmed.slice(PHONE_COUNTRY_PREFIX.length).replace(/\D/g, '').slice(0, PHONE_DIGITS);
  }
  const digits = trimmed.replace(/\D/g, '');
  // A leading "1" is the country code, typed or pasted without the plus: no US area code starts with 1.
  const national = digits.startsWith('1') ? digits.slice(1) : digits;
  return national.slice(0, PHONE_DIGITS);
}

/** Formats up to 10 digits with the spec's mask, "+1 (###) ###-####", as far as they go. */
export function maskPhone(digits: string): string {
  const d = digits.replace(/\D/g, '').slice(0, PHONE_DIGITS);
  if (d.length === 0) return '';
  if (d.length <= 3) return `+1 (${d}`;
  if (d.length <= 6) return `+1 (${d.slice(0, 3)}) ${d.slice(3)}`;
  return `+1 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** The spec's one phone rule: exactly 10 digits (spec §5). */
export function isCompletePhone(digits: string): boolean {
  return /^\d{10}$/.test(digits);
}

/**
 * "+1" and 10 digits from a whole number as a carrier or a person writes it ("+1 415 555 0123",
 * "(415) 555-0123", "1-415-555-0123"), or null. Unlike phoneDigitsFromInput, which keeps the
 * first 10 digits as the mask does while typing, a digit too many is refused: the owner's erase
 * acts on the number it is given, and the first 10 digits of "+44 …" are a stranger's.
 */
export function normalizeUsNumber(value: string): string | null {
  const digits = value.replace(/\D/g, '');
  if (/^1\d{10}$/.test(digits)) return `+${digits}`;
  if (/^\d{10}$/.test(digits)) return `+1${digits}`;
  return null;
}

/** Wait list entries store "+1" followed by the 10 digits (spec §3). */
export function toStoredPhoneNumber(digits: string): string {
  return `${PHONE_COUNTRY_PREFIX}${digits}`;
}

/** The add-client payload wants digits only: spaces, parentheses and dash removed (spec §3). */
export function phoneDigitsOnly(masked: string): string {
  return masked.replace(/[\s()-]/g, '');
}

/** "+14155550123" as the console shows it: "(415) 555-0123". */
export function formatPhoneForDisplay(stored: string): string {
  const digits = stored.startsWith(PHONE_COUNTRY_PREFIX) ? stored.slice(PHONE_COUNTRY_PREFIX.length) : stored;
  return isCompletePhone(digits)
    ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
    : stored;
}

/**
 * A number its viewer may not see whole, "(•••) •••-0123": a provider sees other providers'
 * customers this way (docs/people.md). Display code shows it as it is.
 */
export function hidePhoneNumber(stored: string): string {
  return `(•••) •••-${stored.slice(-4)}`;
}
