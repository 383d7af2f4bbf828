import type { AnalyticsEventName } from '../../shared/schemas.ts';
import { randomId } from './random-id.ts';
import { readStored, storageKeys, writeStored } from './storage-keys.ts';

interface QueuedEvent {
  name: AnalyticsEventName;
  params: Record<string, string | number | boolean | null>;
  occurredAt: string;
}

const FLUSH_DELAY_MS = 2_000;
const MAX_BATCH = 50;
let queue: QueuedEvent[] = [];
let userId: string | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

function visitorId(): string {
  let id = readStored('local', storageKeys.visitorId);
  if (!id) {
    id = randomId();
    writeStored('local', storageKeys.visitorId, id);
  }
  return id;
}

/** Spec §1: the analytics user id follows the anonymous user's uid (null on sign-out). */
export function setAnalyticsUserId(id: string | null): void {
  userId = id;
}

function flush(useBeacon: boolean): void {
  clearTimeout(timer);
  timer = undefined;
  if (queue.length === 0) return;
  const batch = queue.slice(0, MAX_BATCH);
  queue = queue.slice(MAX_BATCH);
  const body = JSON.stringify({ visitorId: visitorId(), userId, events: batch });
  // Analytics must never disturb the customer: failures are dropped silently.
  if (
    useBeacon &&
    navigator.sendBeacon?.(`/api/v1/analytics/events`, new Blob([body], { type: 'application/json' }))
  ) {
    return;
  }
  void fetch('/api/v1/analytics/events', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    keepalive: true,
  }).catch(() => {});
  if (queue.length > 0) flush(useBeacon);
}

export function logEvent(name: AnalyticsEventName, params: QueuedEvent['params'] = {}): void {
  queue.push({ name, params, occurredAt: new Date().toISOString() });
  timer ??= setTimeout(() => flush(false), FLUSH_DELAY_MS);
}

if (typeof window !== 'undefined') {
  // The page may be closed right after joining: hand the last events to the browser to deliver.
  window.addEventListener('pagehide', () => flush(true));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush(true);
  });
}
