/**
 * The language of the page in this browser: the server chose it (the reader's stored choice, their
 * browser's languages, the business's default: shared/languages.ts) and wrote it into
 * `<html lang>`, in which the server-rendered HTML already reads. The app loads that language's
 * words before it renders or hydrates, so both read the same.
 */
import { DEFAULT_LANGUAGE, isLanguage, type Language, languageOfTag } from '../../shared/languages.ts';

/** On the server: the language of the page being rendered (entry-server.tsx sets it with its words). */
let serverRenderLanguage: Language = DEFAULT_LANGUAGE;

export function setServerRenderLanguage(language: Language): void {
  serverRenderLanguage = language;
}

export function pageLanguage(): Language {
  if (typeof document === 'undefined') return serverRenderLanguage;
  const lang = document.documentElement.lang;
  return isLanguage(lang) ? lang : (languageOfTag(lang) ?? DEFAULT_LANGUAGE);
}
