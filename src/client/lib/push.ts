import { pushPublicKeySchema } from '../../shared/schemas.ts';
import { apiRequest, noAnswer } from './api-client.ts';
import { readStored, storageKeys, writeStored } from './storage-keys.ts';

const ASKED_KEY = 'checkn.notificationsAsked';

export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The permission prompt is shown at most once (spec §1, §4). */
export function shouldOfferNotifications(): boolean {
  return pushSupported() && Notification.permission === 'default' && !readStored('local', ASKED_KEY);
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Subscribes this browser with the server's public key and saves the subscription for this
 * business (the spec's push token record), and the token in local storage. Failures are only
 * logged (spec §8).
 */
export async function subscribeToPush(companyId: string): Promise<boolean> {
  try {
    if (!pushSupported() || Notification.permission !== 'granted') return false;
    const registration = await navigator.serviceWorker.ready;
    const { publicKey } = await apiRequest('/v1/push/public-key', pushPublicKeySchema);
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      }));
    const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
    await apiRequest(`/v1/companies/${encodeURIComponent(companyId)}/push-subscription`, noAnswer, {
      method: 'PUT',
      body: { endpoint: json.endpoint, keys: json.keys },
      asCustomer: true,
    });
    writeStored('local', storageKeys.pushToken, json.endpoint);
    return true;
  } catch (error) {
    console.warn('Could not turn on notifications', error);
    return false;
  }
}

/**
 * Asks for permission (once), then subscribes when granted: "on" only once the subscription is
 * saved; "failed" when permission was given but subscribing or saving did not work (no push
 * service, offline), so the page never says notifications are on when none will come.
 */
export async function askForNotifications(companyId: string): Promise<'on' | 'blocked' | 'failed'> {
  writeStored('local', ASKED_KEY, new Date().toISOString());
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'blocked';
  return (await subscribeToPush(companyId)) ? 'on' : 'failed';
}
