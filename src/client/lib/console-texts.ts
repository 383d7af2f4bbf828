/**
 * Every word of the staff console in the reader's language, and the customer pages' words it
 * shows too: a board row says a status the way the customer's page does. A section both have
 * (`lobbyScreen`, `privacy`) holds both. Kept apart so that a customer page never downloads the
 * console's words. The console speaks English and Spanish (docs/languages.md).
 */
import type { ConsoleLanguage, PSEUDO_LANGUAGE } from '../../shared/languages.ts';
import { type CustomerTexts, loadCustomerTexts, setCustomerTexts } from './customer-texts.ts';
import { pseudoOf } from './pseudo-locale.ts';
import type { ConsoleWords } from './texts/en/console.ts';

export type ConsoleTexts = CustomerTexts & ConsoleWords;
type ConsoleWordsLanguage = ConsoleLanguage | typeof PSEUDO_LANGUAGE;

const catalogs: Record<ConsoleWordsLanguage, () => Promise<{ default: ConsoleWords }>> = {
  en: () => import('./texts/en/console.ts'),
  es: () => import('./texts/es/console.ts'),
  'en-XA': () => pseudoOf(import('./texts/en/console.ts')),
};

/** Unset until the console's language is loaded (routes.tsx): read at render. */
export let consoleTexts: ConsoleTexts = undefined as unknown as ConsoleTexts;

export function setConsoleTexts(texts: ConsoleTexts): void {
  setCustomerTexts(texts);
  consoleTexts = texts;
}

function withSharedSections(customer: CustomerTexts, own: ConsoleWords): ConsoleTexts {
  const texts: Record<string, unknown> = { ...customer, ...own };
  for (const [key, section] of Object.entries(own)) {
    const shared = (customer as Record<string, unknown>)[key];
    if (shared && typeof shared === 'object' && typeof section === 'object') {
      texts[key] = { ...shared, ...section };
    }
  }
  return texts as ConsoleTexts;
}

const loaded = new Map<ConsoleWordsLanguage, Promise<ConsoleTexts>>();

/** A language's words for the console (and the customer pages' words in it), fetched once. */
export function loadConsoleTexts(language: ConsoleWordsLanguage): Promise<ConsoleTexts> {
  let texts = loaded.get(language);
  if (!texts) {
    texts = Promise.all([loadCustomerTexts(language), catalogs[language]()]).then(([customer, own]) =>
      withSharedSections(customer, own.default),
    );
    texts.catch(() => loaded.delete(language));
    loaded.set(language, texts);
  }
  return texts;
}
