import type { CustomerSession } from '../../shared/schemas.ts';
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
  return session;
}

/**
 * The session this browser keeps, if any. Spec §1 sets the analytics user id to the anonymous
 * user's uid: analytics sends its events with this session's token, and the server files them
 * under its customer.
 */
export function storedCustomerSession(): CustomerSession | null {
  const stored = readStoredJson<CustomerSession>('local', storageKeys.customerSession);
  return stored?.customerId && stored.token ? stored : null;
}

/**
 * Spec §1: sign the visitor in anonymously unless an anonymous user already exists. Concurrent
 * callers share one sign-in; a failure is retried by the next caller rather than remembered.
 */
export function ensureCustomerSession(): Promise<CustomerSession> {
  const stored = storedCustomerSession();
  if (stored) return Promise.resolve(stored);
  pending ??= signInAnonymously().finally(() => {
    pending = null;
  });
  return pending;
}

/** Forgets a token the server refused and signs in again. */
export function renewCustomerSession(): Promise<CustomerSession> {
  writeStored('local', storageKeys.customerSession, null);
  return ensureCustomerSession();
}

/**
 * Ends a customer session on the server (the kiosk between guests): the token stops working and
 * the server clears the cookie it renders the customer's pages with, so the next guest cannot
 * open the previous one's page (issue 22). Offline, it is sent again once the browser is back.
 */
export async function signOutCustomer(token: string): Promise<void> {
  try {
    const response = await fetch('/api/v1/customers/sign-out', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      credentials: 'same-origin',
      keepalive: true,
    });
    if (response.status < 500) return;
  } catch {
    // Offline: below.
  }
  window.addEventListener('online', () => void signOutCustomer(token), { once: true });
}
