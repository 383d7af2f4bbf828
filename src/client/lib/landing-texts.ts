/**
 * The landing page's words in the page's language (landing.tsx, docs/decisions/0009): one small
 * file per language in texts/, of which only the reader's is downloaded. `landingTexts` is read
 * at render; it is set before the first render (and again when the reader picks a language) by
 * `setLandingTexts`, with words `loadLandingTexts` fetched.
 */
import { type Language, languageOfWords, type WordsLanguage } from '../../shared/languages.ts';
import { pseudoOf } from './pseudo-locale.ts';
import type { LandingWords } from './texts/en/landing.ts';

export type { LandingWords };

/**
 * The words with the language they are in: the page's dates and times are written in it
 * (lib/formats.ts), so they follow the words, also where the console reads English for a reader
 * of a language it does not speak.
 */
export type LandingTexts = LandingWords & { readonly language: Language };

const catalogs: Record<WordsLanguage, () => Promise<{ default: LandingWords }>> = {
  en: () => import('./texts/en/landing.ts'),
  es: () => import('./texts/es/landing.ts'),
  vi: () => import('./texts/vi/landing.ts'),
  'zh-Hans': () => import('./texts/zh-Hans/landing.ts'),
  'en-XA': () => pseudoOf(import('./texts/en/landing.ts')),
};

/** Unset until the page's language is loaded: nothing renders before (main.tsx, landing.tsx). */
export let landingTexts: LandingTexts = undefined as unknown as LandingTexts;

export function setLandingTexts(words: LandingTexts): void {
  landingTexts = words;
}

export async function loadLandingTexts(language: WordsLanguage): Promise<LandingTexts> {
  // The pseudo-locale's words are English underneath: its dates and times are English's.
  return { ...(await catalogs[language]()).default, language: languageOfWords(language) };
}
