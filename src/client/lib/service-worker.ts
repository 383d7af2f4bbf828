import type { Language } from '../../shared/languages.ts';
import { pageLanguage } from './page-language.ts';

/** Spec §1/§8: the app registers a service worker and logs an offline-mode message without a network. */
const OFFLINE_MESSAGE = 'No internet connection found. App is running in offline mode.';

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) {
    console.info('Service workers are not supported: notifications are off.');
    return;
  }
  navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
    if (!navigator.onLine) console.info(OFFLINE_MESSAGE);
    else console.warn('Service worker registration failed', error);
  });
  if (!navigator.onLine) console.info(OFFLINE_MESSAGE);
  tellServiceWorkerLanguage(pageLanguage());
}

/**
 * The worker shows its offline page in the language of the last page shown (public/sw.js): the
 * page tells it as it starts and when the reader picks another. The worker has no cookies
 * (`document.cookie`) to read the reader's choice from, and the business's language is the server's.
 */
export function tellServiceWorkerLanguage(language: Language): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) =>
    registration.active?.postMessage({ type: 'page-language', language }),
  );
}
