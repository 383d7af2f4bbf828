import { registerServiceWorker } from './service-worker.ts';
import { ensureCustomerSession } from './session.ts';

/** Spec §1: at start, sign in anonymously unless already signed in (a failure is only logged), and register the service worker. */
export function startUp(): void {
  ensureCustomerSession().catch((error: unknown) => console.warn('Anonymous sign-in failed', error));
  registerServiceWorker();
}
