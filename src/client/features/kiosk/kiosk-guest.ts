import { sendAnalyticsNow } from '../../lib/analytics.ts';
import { signOutCustomer, storedCustomerSession } from '../../lib/session.ts';
import { storageKeys, writeStored } from '../../lib/storage-keys.ts';
import { JOINED_VISITS_KEY } from '../wait-list/joined-visits.ts';

/** The confirmation goes back to the start by itself after this long (issue 13). */
export const RETURN_TO_START_MS = 15_000;
/**
 * Taps on the confirmation are ignored this long: the second tap of a double tap on Yes must not
 * dismiss it unseen. It also gives analytics (2 s batching) time to send the guest's events with
 * the guest's own token before the next guest gets a new one.
 */
export const IGNORE_TAPS_MS = 2_000;
/** A guest who walks away mid-form: their name and phone must not wait there for the next one. */
export const IDLE_RESET_MS = 90_000;
/** A guest who only stopped to find their number is asked first, this long after their last touch. */
export const IDLE_WARNING_MS = 60_000;

type Area = 'local' | 'session';

/**
 * What one guest leaves in this browser, removed before and after each guest so the next one
 * starts as a new anonymous customer (a new token: the previous guest's page, chat and texts
 * stay theirs) with nothing of the previous name or phone.
 */
export const GUEST_STORAGE: readonly { area: Area; key: string }[] = [
  { area: 'local', key: storageKeys.customerSession },
  { area: 'local', key: storageKeys.userName },
  { area: 'local', key: storageKeys.userPhone },
  { area: 'local', key: storageKeys.lastServiceByBusiness },
  { area: 'session', key: storageKeys.selectedService },
  { area: 'session', key: JOINED_VISITS_KEY },
];

export function forgetGuest(
  remove: (area: Area, key: string) => void = (area, key) => writeStored(area, key, null),
): void {
  for (const { area, key } of GUEST_STORAGE) remove(area, key);
}

/**
 * Forgets the guest here (forgetGuest) and ends their session on the server, after their last
 * analytics events went with their own token: the cookie the server renders customer pages with
 * would otherwise show their page to whoever uses the tablet next (issue 22).
 */
export function endGuest(): void {
  const token = storedCustomerSession()?.token;
  forgetGuest();
  if (token) void sendAnalyticsNow(token).finally(() => signOutCustomer(token));
}
