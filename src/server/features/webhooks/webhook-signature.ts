import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new signing secret, as Standard Webhooks writes one: whsec_ and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The three headers of a delivery (Standard Webhooks): its id, the time it is sent, and a
 * signature with each secret in use, so a receiver still on the secret before a rotation verifies
 * it too.
 */
export function signedHeaders(
  delivery: { id: string; body: string; secrets: readonly string[] },
  sentAt: Date,
): Record<string, string> {
  return {
    'webhook-id': delivery.id,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': delivery.secrets
      .map((secret) => new Webhook(secret).sign(delivery.id, sentAt, delivery.body))
      .join(' '),
  };
}
