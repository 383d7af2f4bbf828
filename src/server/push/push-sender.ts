import webpush from 'web-push';
import { createPublicPushTransport, type PushTransport } from './push-transport.ts';

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
 * request goes out through a transport, by default the one that reaches public https push
 * services only (push-transport.ts). Tests hand in a transport aimed at a local stand-in.
 */
export function createWebPushSender(
  vapid: VapidKeys,
  transport: PushTransport = createPublicPushTransport(),
): PushSender {
  return {
    async send(subscription, message) {
      const endpoint = new URL(subscription.endpoint);
      // Only https endpoints are taken (push.routes.ts); one stored before that rule can never be
      // delivered, so it goes the way of a subscription the push service calls gone.
      if (endpoint.protocol !== 'https:') return 'gone';
      const request = webpush.generateRequestDetails(subscription, JSON.stringify(message), {
        vapidDetails: vapid,
        TTL: 60 * 60,
      });
      const response = await transport(endpoint, {
        headers: request.headers as Record<string, string>,
        body: new Uint8Array(request.body as Buffer),
      });
      if (response.status === 404 || response.status === 410) return 'gone';
      if (response.status < 200 || response.status > 299)
        throw new Error(`push service answered ${response.status}: ${response.body.slice(0, 200)}`);
      return 'sent';
    },
  };
}

export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}
