/**
 * Dates and times as the page's reader reads them (docs/languages.md, "Formats"): in the language
 * of the words the page shows, through `Intl` in the locale shared/intl-locales.ts names. English
 * stays the spec's: "9:30 AM", "Oct 3", "3/5/26, 2:07 pm".
 *
 * Each function reads the language when it is called, as a component renders, never when a module
 * loads: the server renders pages of every language in one process (entry-server.tsx sets each
 * page's words just before its render), and the browser hydrates a page in the words it was
 * rendered in, so both write the same string.
 */
import { formatChatTime, formatIsoTime } from '../../shared/chat-format.ts';
import { formatInLanguage } from '../../shared/intl-locales.ts';
import type { Language } from '../../shared/languages.ts';
import { landingTexts } from './landing-texts.ts';

/** The language of the words the page shows now (the console's, for the console). */
export function wordsLanguage(): Language {
  return landingTexts.language;
}

/** An instant in `language` with Intl's options (shared/intl-locales.ts), by default the page's. */
export function formatDate(
  instant: Date | number,
  options: Intl.DateTimeFormatOptions,
  language: Language = wordsLanguage(),
): string {
  return formatInLanguage(instant, options, language);
}

/** "9:30 AM", "9:30 a.m.", "16:30" (Vietnamese, Chinese); with no `timeZone`, on the device's clock. */
export function formatTimeOfDay(
  instant: Date | number,
  timeZone?: string,
  language: Language = wordsLanguage(),
): string {
  return formatDate(
    instant,
    { hour: 'numeric', minute: '2-digit', ...(timeZone ? { timeZone } : {}) },
    language,
  );
}

/**
 * A day of the business's calendar ("2025-03-07") as it is, with no zone shift: "Sat, Mar 7",
 * "sáb, 7 mar".
 */
export function formatCalendarDay(
  day: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
  language: Language = wordsLanguage(),
): string {
  return formatDate(new Date(`${day}T12:00:00Z`), { ...options, timeZone: 'UTC' }, language);
}

/** A sentence's period, but one: a Spanish time ends with its own ("… 2:07 p.m."). */
export function sentence(text: string): string {
  return text.endsWith('.') ? text : `${text}.`;
}

/** A chat message's time (shared/chat-format.ts): the spec's "3/5/26, 2:07 pm" in English. */
export function formatMessageTime(epochSeconds: number, timeZone: string): string {
  return formatChatTime(epochSeconds, timeZone, wordsLanguage());
}

/** The same for a time the API sends as an ISO string (a text, a visit, a link's expiry). */
export function formatIsoDateTime(iso: string, timeZone: string): string {
  return formatIsoTime(iso, timeZone, wordsLanguage());
}
