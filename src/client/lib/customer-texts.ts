/**
 * Every word a customer page shows (the walk-in's pages, the kiosk, the lobby screen) in the
 * page's language: the landing page's words (landing-texts.ts) and the other pages' (texts/<language>/customer.ts).
 * The console's words are in console-texts.ts: a customer page downloads only its own, and of
 * its own only the reader's language (docs/languages.md).
 */
import type { WordsLanguage } from '../../shared/languages.ts';
import { type LandingTexts, loadLandingTexts, setLandingTexts } from './landing-texts.ts';
import { pseudoOf } from './pseudo-locale.ts';
import type { CustomerWords } from './texts/en/customer.ts';

export type CustomerTexts = LandingTexts & CustomerWords;

const catalogs: Record<WordsLanguage, () => Promise<{ default: CustomerWords }>> = {
  en: () => import('./texts/en/customer.ts'),
  es: () => import('./texts/es/customer.ts'),
  vi: () => import('./texts/vi/customer.ts'),
  'zh-Hans': () => import('./texts/zh-Hans/customer.ts'),
  'en-XA': () => pseudoOf(import('./texts/en/customer.ts')),
};

/** Unset until the page's language is loaded (router.tsx, entry-server.tsx): read at render. */
export let customerTexts: CustomerTexts = undefined as unknown as CustomerTexts;

export function setCustomerTexts(texts: CustomerTexts): void {
  setLandingTexts(texts);
  customerTexts = texts;
}

const loaded = new Map<WordsLanguage, Promise<CustomerTexts>>();

/** A language's words for the customer pages, fetched once. */
export function loadCustomerTexts(language: WordsLanguage): Promise<CustomerTexts> {
  let texts = loaded.get(language);
  if (!texts) {
    texts = Promise.all([loadLandingTexts(language), catalogs[language]()]).then(([landing, customer]) => ({
      ...landing,
      ...customer.default,
    }));
    // A failed download (offline) is tried again by the next caller.
    texts.catch(() => loaded.delete(language));
    loaded.set(language, texts);
  }
  return texts;
}
