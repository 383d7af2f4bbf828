/**
 * The languages CheckN speaks (docs/languages.md) and how a request's language is chosen: the
 * reader's own choice (a cookie, kept on the device), else the browser's languages
 * (Accept-Language, so the first HTML is already in it), else the business's default, else
 * English. Shared by the server, which renders the page in it and sets `<html lang>`, and the
 * browser, which loads that language's words and nothing else. No imports: the landing page's
 * entry loads this file.
 */
export const LANGUAGES = ['en', 'es', 'vi', 'zh-Hans'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The console speaks fewer (docs/languages.md): a staff member's other choice reads English. */
export const CONSOLE_LANGUAGES = ['en', 'es'] as const satisfies readonly Language[];
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * The pseudo-locale, for browser tests only (docs/languages.md, "The pseudo-locale"): the English
 * words, each wrapped in ⟦ ⟧ and accented, so a test sees any word on a page that came from no
 * catalog. The server takes it from the cookie only when started with PSEUDO_LOCALE=1. It is no
 * `Language`: what a page sends and stores (an entry's language, its texts) stays English.
 */
export const PSEUDO_LANGUAGE = 'en-XA';
/** The words a page is rendered in: a language's, or the pseudo-locale's (English underneath). */
export type WordsLanguage = Language | typeof PSEUDO_LANGUAGE;

/** The language under a page's words: the pseudo-locale's is English. */
export function languageOfWords(words: WordsLanguage): Language {
  return words === PSEUDO_LANGUAGE ? 'en' : words;
}

/** Each language's name in itself, as the switcher lists it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  vi: 'Tiếng Việt',
  'zh-Hans': '中文（简体）',
};

/** The reader's choice, kept on the device and sent with each page request. */
export const LANGUAGE_COOKIE = 'checkn_lang';
/** A year: a phone that comes back next season still reads its language. */
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language a BCP 47 tag asks for, if CheckN speaks it: `es-MX` is Spanish; `zh`, `zh-CN`,
 * `zh-SG` and `zh-Hans-*` are Simplified Chinese; Traditional Chinese (`zh-TW`, `zh-HK`,
 * `zh-Hant`) is not, so it falls through to the next choice rather than show the wrong script.
 */
export function languageOfTag(tag: string): Language | null {
  const parts = tag.trim().toLowerCase().split(/[-_]/);
  const primary = parts[0];
  if (primary === 'en' || primary === 'es' || primary === 'vi') return primary;
  if (primary !== 'zh') return null;
  const rest = parts.slice(1);
  if (rest.includes('hant') || rest.some((part) => part === 'tw' || part === 'hk' || part === 'mo')) {
    return null;
  }
  return 'zh-Hans';
}

/**
 * The first language of an Accept-Language header that CheckN speaks, by the header's weights
 * (`q`, 1 when absent; ties keep the header's order); `q=0` means "not this one". Null when none.
 */
export function languageOfAcceptLanguage(header: string | undefined | null): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((item, index) => {
      const [tag = '', ...params] = item.split(';');
      const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((item) => item.tag !== '' && item.tag !== '*' && item.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const item of ranked) {
    const language = languageOfTag(item.tag);
    if (language) return language;
  }
  return null;
}

/** The page's language: the reader's stored choice, else their browser's, else the business's. */
export function chooseLanguage(choice: {
  stored: string | undefined | null;
  acceptLanguage: string | undefined | null;
  businessDefault?: Language | null;
}): Language {
  if (isLanguage(choice.stored)) return choice.stored;
  return languageOfAcceptLanguage(choice.acceptLanguage) ?? choice.businessDefault ?? DEFAULT_LANGUAGE;
}

/** The console's language for a reader's language: one the console speaks, else English. */
export function consoleLanguageOf(language: Language): ConsoleLanguage {
  return (CONSOLE_LANGUAGES as readonly Language[]).includes(language) ? (language as ConsoleLanguage) : 'en';
}

/** The console's words for a page's: the pseudo-locale's stay pseudo, as every page's do. */
export function consoleWordsOf(words: WordsLanguage): ConsoleLanguage | typeof PSEUDO_LANGUAGE {
  return words === PSEUDO_LANGUAGE ? words : consoleLanguageOf(words);
}
