/**
 * Browser storage keys (spec §3 "Stored in the browser"). The spec names what is kept but not the
 * key strings; these are ours, prefixed so they never clash with a business's other apps.
 */
export const storageKeys = {
  /** session storage: the service picked on the landing page */
  selectedService: 'checkn.selectedService',
  /** local: the part after the dash of getUserIdByCompanyId (the business account / provider id) */
  userId: 'checkn.userId',
  userName: 'checkn.userName',
  userPhone: 'checkn.userPhone',
  pushToken: 'checkn.pushToken',
  companyName: 'checkn.companyName',
  /** local: { token, merchantId, storedAt } captured from ?rwg_token= */
  conversion: 'checkn.conversion',
  /** local: the anonymous customer's id and secret token */
  customerSession: 'checkn.customerSession',
  /** local: a device id generated once, for analytics */
  visitorId: 'checkn.visitorId',
  /** local: analytics events a page closed on before the customer had a token; the next page sends them */
  analyticsQueue: 'checkn.analyticsQueue',
  /** local: { [companyId]: service } the service this phone last joined for at each business (docs/regulars.md) */
  lastServiceByBusiness: 'checkn.lastServiceByBusiness',
  /** local: "on" when the console plays a sound and flashes its title for new walk-ins and messages */
  consoleAlerts: 'checkn.consoleAlerts',
} as const;

type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    // Storage can be blocked (private mode, disabled cookies): the app still works for this visit.
    return null;
  }
}

export function readStored(which: Area, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(which: Area, key: string, value: string | null): void {
  try {
    if (value === null) area(which)?.removeItem(key);
    else area(which)?.setItem(key, value);
  } catch {
    // Quota or privacy mode: losing a convenience value must never break the flow.
  }
}

export function readStoredJson<T>(which: Area, key: string): T | null {
  const raw = readStored(which, key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
