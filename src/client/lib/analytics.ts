import type { AnalyticsEventName } from '../../shared/schemas.ts';
import { randomId } from './random-id.ts';
import { ensureCustomerSession, storedCustomerSession } from './session.ts';
import { readStored, readStoredJson, storageKeys, writeStored } from './storage-keys.ts';

type ParamValue = string | number | boolean | null;

interface QueuedEvent {
  name: AnalyticsEventName;
  /** The business whose page logged it: the event's `companyId` param, else none. */
  companyId: string | null;
  params: Record<string, ParamValue>;
  occurredAt: string;
}

const FLUSH_DELAY_MS = 2_000;
/** While the anonymous sign-in keeps failing (offline), try again this much later. */
const RETRY_DELAY_MS = 30_000;
const MAX_BATCH = 50;
/** Kept while there is no customer token yet; past this the oldest go. */
const MAX_QUEUED = 200;

let timer: ReturnType<typeof setTimeout> | undefined;

// Events an earlier page had to leave behind (it closed before the customer had a token). This
// page takes them over and clears them, so another tab does not send them too.
const leftBehind = readStoredJson<unknown>('local', storageKeys.analyticsQueue);
const queue: QueuedEvent[] = Array.isArray(leftBehind)
  ? (leftBehind as QueuedEvent[]).slice(-MAX_QUEUED)
  : [];
writeStored('local', storageKeys.analyticsQueue, null);
if (queue.length > 0) schedule(FLUSH_DELAY_MS);

function visitorId(): string {
  let id = readStored('local', storageKeys.visitorId);
  if (!id) {
    id = randomId();
    writeStored('local', storageKeys.visitorId, id);
  }
  return id;
}

function schedule(delay: number): void {
  timer ??= setTimeout(() => flush(false), delay);
}

/**
 * Sends everything queued with the customer's token: the server binds events to the customer
 * behind it (spec §1: the analytics user id is the anonymous user's uid). fetch with keepalive
 * outlives the page as sendBeacon does, and unlike sendBeacon can carry the token.
 */
function send(token: string): Promise<void> {
  const batches: Promise<void>[] = [];
  while (queue.length > 0) {
    const events = queue.splice(0, MAX_BATCH);
    // Analytics never disturbs the customer, and a batch that did not arrive (offline, the server
    // busy or restarting) is tried again: dropped, a guest who joined offline counted as having
    // joined without having picked a service (Insights' funnel went up between steps).
    const batch = fetch('/api/v1/analytics/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ visitorId: visitorId(), events }),
      keepalive: true,
    }).then(
      (response) => {
        if (response.status >= 500 || response.status === 429 || response.status === 408) putBack(events);
      },
      () => putBack(events),
    );
    batches.push(batch);
  }
  writeStored('local', storageKeys.analyticsQueue, null);
  return Promise.all(batches).then(() => undefined);
}

/**
 * Sends what is queued now, with this token, and resolves once the server has answered: the
 * kiosk sends a guest's last events before their session ends.
 */
export function sendAnalyticsNow(token: string): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  return send(token);
}

/** Back in front of the queue, to be sent again later, or as soon as the device is back online. */
function putBack(events: QueuedEvent[]): void {
  queue.unshift(...events);
  if (queue.length > MAX_QUEUED) queue.splice(0, queue.length - MAX_QUEUED);
  schedule(RETRY_DELAY_MS);
}

/** Offline, a request made as the page closes is lost with it: the next page sends the events. */
function keepForNextPage(): void {
  writeStored('local', storageKeys.analyticsQueue, JSON.stringify(queue));
}

function flush(leavingPage: boolean): void {
  clearTimeout(timer);
  timer = undefined;
  if (queue.length === 0) return;
  const session = storedCustomerSession();
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  if (leavingPage && (offline || !session)) {
    // No way to deliver them now (offline, or no token and no time left to sign in).
    keepForNextPage();
    return;
  }
  if (session) {
    void send(session.token);
    return;
  }
  // No token yet: wait for the sign-in the app starts with (spec §1), then send.
  ensureCustomerSession().then(
    (signedIn) => void send(signedIn.token),
    () => schedule(RETRY_DELAY_MS),
  );
}

export function logEvent(name: AnalyticsEventName, params: Record<string, ParamValue> = {}): void {
  const companyId = typeof params.companyId === 'string' ? params.companyId : null;
  queue.push({ name, companyId, params, occurredAt: new Date().toISOString() });
  if (queue.length > MAX_QUEUED) queue.splice(0, queue.length - MAX_QUEUED);
  schedule(FLUSH_DELAY_MS);
}

if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  // The page may be closed right after joining: hand the last events to the browser to deliver.
  window.addEventListener('pagehide', () => flush(true));
  window.addEventListener('online', () => flush(false));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush(true);
  });
}
