/**
 * The locale each language writes its dates, times and numbers in, through `Intl`
 * (docs/languages.md, "Formats"). English keeps the spec's US forms ("9:30 AM", "Oct 3").
 * Spanish is Latin American Spanish (`es-419`), as its words are: a 12-hour clock
 * ("9:30 a.m."), the day before the month ("3 oct", "3/10/24") and a decimal point, which a
 * reader in the US or Mexico knows; `es` alone would be Spain's 24-hour clock and decimal comma.
 * Vietnamese and Chinese read their own 24-hour clock and dates ("16:30", "3 thg 10", "10月3日").
 */
import type { Language } from './languages.ts';

export const INTL_LOCALES: Record<Language, string> = {
  en: 'en-US',
  es: 'es-419',
  vi: 'vi',
  'zh-Hans': 'zh-Hans',
};

/** One formatter per language and options: a board, a chat or a line's reads format many times. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant in `language` with Intl's options (a `timeZone` among them). Another language's
 * no-break spaces (U+00A0, U+202F, which one ICU writes where another writes a plain space) become
 * plain ones, so the server's HTML and the browser's render agree; English is written exactly as
 * Intl writes it.
 */
export function formatInLanguage(
  instant: Date | number,
  options: Intl.DateTimeFormatOptions,
  language: Language,
): string {
  const key = `${language} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(INTL_LOCALES[language], options);
    formatters.set(key, formatter);
  }
  const text = formatter.format(instant);
  return language === 'en' ? text : text.replace(/[\u00a0\u202f]/g, ' ');
}
