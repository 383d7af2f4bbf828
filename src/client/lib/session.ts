import type { CustomerSession } from '../../shared/schemas.ts';
import { setAnalyticsUserId } from './analytics.ts';
import { readStoredJson, storageKeys, writeStored } from './storage-keys.ts';

let pending: Promise<CustomerSession> | null = null;

async function signInAnonymously(): Promise<CustomerSession> {
  const response = await fetch('/api/v1/customers/anonymous', {
    method: 'POST',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`anonymous sign-in failed with ${response.status}`);
  const session = (await response.json()) as CustomerSession;
  writeStored('local', storageKeys.customerSession, JSON.stringify(session));
  setAnalyticsUserId(session.customerId);
  return session;
}

/**
 * Spec §1: sign the visitor in anonymously unless an anonymous user already exists. Concurrent
 * callers share one sign-in; a failure is retried by the next caller rather than remembered.
 */
export function ensureCustomerSession(): Promise<CustomerSession> {
  const stored = readStoredJson<CustomerSession>('local', storageKeys.customerSession);
  if (stored?.customerId && stored.token) {
    setAnalyticsUserId(stored.customerId);
    return Promise.resolve(stored);
  }
  pending ??= signInAnonymously().finally(() => {
    pending = null;
  });
  return pending;
}

/** Forgets a token the server refused and signs in again. */
export function renewCustomerSession(): Promise<CustomerSession> {
  writeStored('local', storageKeys.customerSession, null);
  setAnalyticsUserId(null);
  return ensureCustomerSession();
}
