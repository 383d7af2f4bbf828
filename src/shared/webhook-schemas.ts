/**
 * Outgoing webhooks' contract (docs/webhooks.md): the endpoints an owner adds in Settings, the
 * deliveries they read there, and the events a receiver gets. Used by the console and the server.
 */
import * as z from 'zod/mini';
import { uuidSchema } from './schemas.ts';

/** What a receiver is told, as `type` in each delivery's body. */
export const WEBHOOK_EVENT_TYPES = [
  'entry.joined',
  'entry.called',
  'entry.started',
  'entry.done',
  'entry.no_show',
  'entry.left',
  'request.accepted',
  'request.declined',
  'request.expired',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** A business's endpoints at most. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
export const WEBHOOK_URL_MAX_LENGTH = 2000;

const NOT_AN_HTTPS_LINK = 'Use an https:// address';

function isHttpsLink(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password;
  } catch {
    return false;
  }
}

export const webhookEndpointRequestSchema = z.object({
  url: z
    .string(NOT_AN_HTTPS_LINK)
    .check(
      z.trim(),
      z.minLength(1, 'Paste the address that receives the events'),
      z.maxLength(WEBHOOK_URL_MAX_LENGTH, 'That address is too long'),
      z.refine(isHttpsLink, NOT_AN_HTTPS_LINK),
    ),
});
export type WebhookEndpointRequest = z.infer<typeof webhookEndpointRequestSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  /** whsec_…: the receiver verifies each delivery with it. */
  secret: z.string(),
  /** While set, deliveries carry a second signature, made with the secret before the last rotation. */
  previousSecretUntil: z.nullable(z.string()),
  createdAt: z.string(),
  lastSuccessAt: z.nullable(z.string()),
  /** Set after a delivery failed every try (the reason says so) or by the owner. */
  disabledAt: z.nullable(z.string()),
  disabledReason: z.nullable(z.string()),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointsResponseSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
export type WebhookEndpointsResponse = z.infer<typeof webhookEndpointsResponseSchema>;

/** For the console's notice on every page: how many addresses were turned off, and nothing secret. */
export const webhooksTurnedOffResponseSchema = z.object({ turnedOff: z.number() });

export const webhookEndpointParamsSchema = z.object({ endpointId: uuidSchema('Unknown endpoint') });
export const webhookDeliveryParamsSchema = z.object({ deliveryId: uuidSchema('Unknown delivery') });

export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventType: z.string(),
  createdAt: z.string(),
  status: z.enum(['pending', 'sending', 'delivered', 'failed']),
  attempts: z.number(),
  nextAttemptAt: z.nullable(z.string()),
  lastStatusCode: z.nullable(z.number()),
  lastError: z.nullable(z.string()),
  deliveredAt: z.nullable(z.string()),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesResponseSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export type WebhookDeliveriesResponse = z.infer<typeof webhookDeliveriesResponseSchema>;
