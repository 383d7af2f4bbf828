/**
 * The language of the page in this browser: the server chose it (the reader's stored choice, their
 * browser's languages, the business's default: shared/languages.ts) and wrote it into
 * `<html lang>`, in which the server-rendered HTML already reads. The app loads that language's
 * words before it renders or hydrates, so both read the same.
 */
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  languageOfTag,
  languageOfWords,
  PSEUDO_LANGUAGE,
  type WordsLanguage,
} from '../../shared/languages.ts';

/** On the server: the words of the page being rendered (entry-server.tsx sets them with the words). */
let serverRenderWords: WordsLanguage = DEFAULT_LANGUAGE;

export function setServerRenderLanguage(words: WordsLanguage): void {
  serverRenderWords = words;
}

/** The page's language: what it sends with its requests (Accept-Language) and its picker shows. */
export function pageLanguage(): Language {
  if (typeof document === 'undefined') return languageOfWords(serverRenderWords);
  const lang = document.documentElement.lang;
  return isLanguage(lang) ? lang : (languageOfTag(lang) ?? DEFAULT_LANGUAGE);
}

/** The words the page loads: its language's, or the pseudo-locale's in a browser test. */
export function pageWordsLanguage(): WordsLanguage {
  if (typeof document === 'undefined') return serverRenderWords;
  return document.documentElement.lang === PSEUDO_LANGUAGE ? PSEUDO_LANGUAGE : pageLanguage();
}
