import webpush from 'web-push';

export interface PushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushMessage {
  title: string;
  body: string;
  /** The page the notification opens. */
  url: string;
  /** Notifications with the same tag replace each other (one per wait entry). */
  tag: string;
}

/** Port: delivers one notification. 'gone' when the push service says the subscription is dead. */
export interface PushSender {
  send(subscription: PushSubscription, message: PushMessage): Promise<'sent' | 'gone'>;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The standard driver: web-push does the RFC 8291 encryption and RFC 8292 VAPID signature; the
 * request itself goes out with fetch, so time-outs are ours and a local stand-in can be plain http.
 */
export function createWebPushSender(vapid: VapidKeys, fetchImpl: typeof fetch = fetch): PushSender {
  return {
    async send(subscription, message) {
      const request = webpush.generateRequestDetails(subscription, JSON.stringify(message), {
        vapidDetails: vapid,
        TTL: 60 * 60,
      });
      const response = await fetchImpl(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: new Uint8Array(request.body as Buffer),
        signal: AbortSignal.timeout(10_000),
      });
      if (response.status === 404 || response.status === 410) return 'gone';
      if (!response.ok) throw new Error(`push service answered ${response.status}`);
      return 'sent';
    },
  };
}

export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}
