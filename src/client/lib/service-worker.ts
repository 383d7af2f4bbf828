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
}
