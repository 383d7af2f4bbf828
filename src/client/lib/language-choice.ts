/**
 * The reader picking another language (the switcher on every customer page, the kiosk, the
 * console's account page): its words are fetched, the page re-renders in them, `<html lang>`
 * says so, and the choice is kept on the device (a cookie the server reads, so the next page's
 * first HTML is already in it) unless it is a kiosk guest's, which ends with their visit.
 */
import { useSyncExternalStore } from 'react';
import {
  consoleLanguageOf,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  type Language,
} from '../../shared/languages.ts';
import { loadLandingTexts, setLandingTexts } from './landing-texts.ts';
import { pageLanguage } from './page-language.ts';
import { tellServiceWorkerLanguage } from './service-worker.ts';

const listeners = new Set<() => void>();
let shown: Language | null = null;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => shown ?? pageLanguage();
const serverSnapshot = () => pageLanguage();

/** The language the page shows now; a component that keys its page on it re-renders it in another. */
export function useShownLanguage(): Language {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}

/** Which words the page needs: the landing page's alone, every customer page's, or the console's. */
export type TextsScope = 'landing' | 'customer' | 'console';

async function loadAndSet(language: Language, scope: TextsScope): Promise<void> {
  // Loaded on demand: the landing page's entry downloads only its own words' loader.
  if (scope === 'landing') {
    setLandingTexts(await loadLandingTexts(language));
  } else if (scope === 'customer') {
    const { loadCustomerTexts, setCustomerTexts } = await import('./customer-texts.ts');
    setCustomerTexts(await loadCustomerTexts(language));
  } else {
    const { loadConsoleTexts, setConsoleTexts } = await import('./console-texts.ts');
    setConsoleTexts(await loadConsoleTexts(consoleLanguageOf(language)));
  }
}

/** Remembers the choice on this device for a year (shared/languages.ts LANGUAGE_COOKIE). */
export function rememberLanguage(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the server reads it with the page request; no JS API writes a cookie synchronously everywhere.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
}

/**
 * Shows the page in `language`: fetches its words (throws when they cannot be fetched, the page
 * staying as it was), then re-renders every page keyed on `useShownLanguage`.
 */
export async function showLanguage(
  language: Language,
  options: { scope: TextsScope; remember: boolean },
): Promise<void> {
  await loadAndSet(language, options.scope);
  document.documentElement.lang = language;
  if (options.remember) rememberLanguage(language);
  tellServiceWorkerLanguage(language);
  shown = language;
  for (const listener of listeners) listener();
}
