import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import {
  WEBHOOK_ENDPOINTS_MAX,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../../shared/webhook-schemas.ts';
import { AppError } from '../../errors.ts';
import { newWebhookSecret } from './webhook-signature.ts';
import type { WebhookDeliveryRow, WebhookEndpointRow, WebhooksRepository } from './webhooks.repository.ts';

/** After a rotation the old secret signs too for a day: time for a receiver to take the new one. */
export const SECRET_OVERLAP_HOURS = 24;
/** The delivery log shows an endpoint's latest deliveries. */
export const DELIVERIES_SHOWN = 50;

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

function toEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    secret: row.secret,
    previousSecretUntil: iso(row.previousSecretUntil),
    createdAt: new Date(row.createdAt).toISOString(),
    lastSuccessAt: iso(row.lastSuccessAt),
    disabledAt: iso(row.disabledAt),
    disabledReason: row.disabledReason,
  };
}

function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventType: row.eventType,
    createdAt: new Date(row.createdAt).toISOString(),
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: iso(row.nextAttemptAt),
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    deliveredAt: iso(row.deliveredAt),
  };
}

/**
 * An address the sender would refuse anyway, told when it is saved: the server itself, or a
 * private address written as such. A name is checked where it counts, on the socket that connects
 * (webhook-transport.ts): what it resolves to may change after it is saved.
 */
function ensureNotPrivate(url: string): void {
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  const isPrivate =
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    (isIP(host) !== 0 && ipaddr.parse(host).range() !== 'unicast');
  if (isPrivate)
    throw new AppError('VALIDATION_FAILED', {
      field: 'url',
      message: 'That address is on a private network; use one the internet can reach.',
    });
}

/** The owner's outgoing webhooks (docs/webhooks.md). */
export function createWebhooksService(webhooks: WebhooksRepository) {
  async function list(companyId: string): Promise<WebhookEndpoint[]> {
    return (await webhooks.listEndpoints(companyId)).map(toEndpoint);
  }
  const found = (done: boolean) => {
    if (!done) throw new AppError('WEBHOOK_ENDPOINT_NOT_FOUND');
  };

  return {
    list,

    async add(companyId: string, url: string): Promise<WebhookEndpoint[]> {
      ensureNotPrivate(url);
      const added = await webhooks.insertEndpoint(
        { id: randomUUID(), companyId, url, secret: newWebhookSecret() },
        WEBHOOK_ENDPOINTS_MAX,
      );
      if (!added) throw new AppError('WEBHOOK_ENDPOINTS_LIMITED');
      return list(companyId);
    },

    turnedOffCount: (companyId: string) => webhooks.countTurnedOff(companyId),

    async remove(companyId: string, endpointId: string): Promise<WebhookEndpoint[]> {
      found(await webhooks.deleteEndpoint(companyId, endpointId));
      return list(companyId);
    },

    async rotateSecret(companyId: string, endpointId: string): Promise<WebhookEndpoint[]> {
      found(await webhooks.rotateSecret(companyId, endpointId, newWebhookSecret(), SECRET_OVERLAP_HOURS));
      return list(companyId);
    },

    async enable(companyId: string, endpointId: string): Promise<WebhookEndpoint[]> {
      found(await webhooks.enableEndpoint(companyId, endpointId));
      return list(companyId);
    },

    async deliveries(companyId: string, endpointId: string): Promise<WebhookDelivery[]> {
      const rows = await webhooks.listDeliveries(companyId, endpointId, DELIVERIES_SHOWN);
      if (!rows) throw new AppError('WEBHOOK_ENDPOINT_NOT_FOUND');
      return rows.map(toDelivery);
    },

    async replay(companyId: string, deliveryId: string): Promise<WebhookDelivery> {
      const row = await webhooks.replayDelivery(companyId, deliveryId);
      if (!row) throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND');
      return toDelivery(row);
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
