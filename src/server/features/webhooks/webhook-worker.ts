import type { FastifyBaseLogger } from 'fastify';
import { createPollingLoop } from '../../background/polling-loop.ts';
import { backgroundFailureLevel } from '../../db/connection-errors.ts';
import { signedHeaders } from './webhook-signature.ts';
import type { WebhookTransport } from './webhook-transport.ts';
import type { ClaimedDelivery, WebhooksRepository } from './webhooks.repository.ts';

/**
 * Seconds before each retry (about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h: issue 26); after the last
 * one fails the delivery is marked failed, about 17.5 hours after its first try.
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_SECONDS.length + 1;
/** Longer than a try can take (the transport's 15 s deadline): a live sender never loses its lease. */
export const WEBHOOK_LEASE_SECONDS = 120;
export const ENDPOINT_DISABLED_REASON =
  'Turned off: every try of a delivery failed for about 17 hours, and nothing reached this address since.';
const POLL_MS = 1_000;
const IDLE_POLL_MS = 4_000;
const BATCH = 20;
const PARALLEL_SENDS = 5;

/** The start of what went wrong, as the delivery log shows it. */
const shortly = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 300);

/**
 * Sends the webhook outbox. Several processes may run one: rows are claimed with SKIP LOCKED, and
 * a claim is a lease (webhooks.repository.ts claimDue), so a process stopped mid-send leaves its
 * deliveries to be tried again, never lost; a stop waits for the tries under way.
 */
export function createWebhookWorker(deps: {
  webhooks: WebhooksRepository;
  transport: WebhookTransport;
  logger: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { webhooks, transport, logger } = deps;
  const now = deps.now ?? (() => new Date());
  let polls = 0;

  async function tryOne(delivery: ClaimedDelivery): Promise<void> {
    let outcome: { statusCode: number | null; error: string } | null = null;
    try {
      const response = await transport(new URL(delivery.url), {
        headers: {
          'content-type': 'application/json',
          'user-agent': 'CheckN-Webhooks',
          ...signedHeaders(delivery, now()),
        },
        body: Buffer.from(delivery.body),
      });
      if (response.status >= 200 && response.status < 300) {
        await webhooks.markDelivered({
          id: delivery.id,
          endpointId: delivery.endpointId,
          statusCode: response.status,
        });
        return;
      }
      outcome = { statusCode: response.status, error: shortly(`HTTP ${response.status} ${response.body}`) };
    } catch (error) {
      outcome ??= {
        statusCode: null,
        error: shortly(error instanceof Error ? error.message : String(error)),
      };
    }
    if (delivery.attempts < WEBHOOK_MAX_ATTEMPTS) {
      await webhooks.markRetry(
        delivery.id,
        outcome,
        WEBHOOK_RETRY_DELAYS_SECONDS[delivery.attempts - 1] ?? 36_000,
      );
      return;
    }
    const { endpointDisabled } = await webhooks.markFailed(delivery, outcome, ENDPOINT_DISABLED_REASON);
    logger.warn(
      { deliveryId: delivery.id, endpointId: delivery.endpointId, reason: outcome.error, endpointDisabled },
      'webhook delivery failed',
    );
  }

  /** One delivery's try; never rejects, so one failure to record does not stop the others. */
  async function sendOne(delivery: ClaimedDelivery): Promise<void> {
    try {
      await tryOne(delivery);
    } catch (error) {
      // The lease stands: the delivery is tried again when it ends.
      logger[backgroundFailureLevel(error)](
        { err: error, deliveryId: delivery.id },
        'could not record a webhook try',
      );
    }
  }

  /** One pass: leases left by a stopped process (now and then), then every due delivery. */
  async function pass(stopping: () => boolean): Promise<{ foundWork: boolean }> {
    polls += 1;
    if (polls % 30 === 1) await webhooks.releaseExpiredLeases();
    let foundWork = false;
    for (;;) {
      const due = await webhooks.claimDue(BATCH, WEBHOOK_LEASE_SECONDS);
      if (due.length > 0) foundWork = true;
      for (let i = 0; i < due.length; i += PARALLEL_SENDS)
        await Promise.all(due.slice(i, i + PARALLEL_SENDS).map(sendOne));
      if (due.length < BATCH || stopping()) break;
    }
    return { foundWork };
  }

  // A first delivery goes out on a kick (app.ts: a change's realtime events, numbered in the
  // process that made it); the poll is for retries, due 5 s and more apart, and for what another
  // process left. An idle server asks every IDLE_POLL_MS, not every second.
  const loop = createPollingLoop({
    pollMs: POLL_MS,
    idlePollMs: IDLE_POLL_MS,
    pass,
    onFailure: (error) => logger[backgroundFailureLevel(error)]({ err: error }, 'webhook worker failed'),
  });

  return {
    start: loop.start,
    /** After a change that may have queued deliveries: send them now rather than at the next poll. */
    kick: loop.kick,
    drain: loop.drain,
    /** Stops polling and waits for the tries under way, so none is left 'sending' by a clean stop. */
    stop: loop.stop,
  };
}

export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
