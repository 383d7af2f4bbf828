import type { Queryable } from '../../db/database.ts';

export interface WebhookEndpointRow {
  id: string;
  url: string;
  secret: string;
  previousSecretUntil: Date | null;
  createdAt: Date;
  lastSuccessAt: Date | null;
  disabledAt: Date | null;
  disabledReason: string | null;
}

export interface WebhookDeliveryRow {
  id: string;
  eventType: string;
  createdAt: Date;
  status: 'pending' | 'sending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: Date | null;
}

/** A delivery claimed for a try, with what signs and carries it. */
export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  url: string;
  /** The payload as stored: the exact bytes signed and sent. */
  body: string;
  attempts: number;
  createdAt: Date;
  secrets: string[];
}

const ENDPOINT_COLUMNS = `id, url, secret,
  case when previous_secret_until > now() then previous_secret_until end as "previousSecretUntil",
  created_at as "createdAt", last_success_at as "lastSuccessAt",
  disabled_at as "disabledAt", disabled_reason as "disabledReason"`;

const DELIVERY_COLUMNS = `id, event_type as "eventType", created_at as "createdAt", status, attempts,
  case when status = 'pending' then next_attempt_at end as "nextAttemptAt",
  last_status_code as "lastStatusCode", last_error as "lastError", delivered_at as "deliveredAt"`;

export function createWebhooksRepository(db: Queryable) {
  return {
    async listEndpoints(companyId: string): Promise<WebhookEndpointRow[]> {
      const { rows } = await db.query<WebhookEndpointRow>(
        `select ${ENDPOINT_COLUMNS} from webhook_endpoints where company_id = $1 order by created_at, id`,
        [companyId],
      );
      return rows;
    },

    async countTurnedOff(companyId: string): Promise<number> {
      const { rows } = await db.query<{ count: number }>(
        'select count(*)::int as count from webhook_endpoints where company_id = $1 and disabled_at is not null',
        [companyId],
      );
      return rows[0]?.count ?? 0;
    },

    /** Adds an endpoint unless the business has `most` already (null then). */
    async insertEndpoint(
      endpoint: { id: string; companyId: string; url: string; secret: string },
      most: number,
    ): Promise<boolean> {
      const { rows } = await db.query(
        `insert into webhook_endpoints (id, company_id, url, secret)
         select $1, $2, $3, $4
          where (select count(*) from webhook_endpoints where company_id = $2) < $5
         returning id`,
        [endpoint.id, endpoint.companyId, endpoint.url, endpoint.secret, most],
      );
      return rows.length > 0;
    },

    /** Deletes one of the business's endpoints, and its deliveries; false when it has no such endpoint. */
    async deleteEndpoint(companyId: string, endpointId: string): Promise<boolean> {
      const { rows } = await db.query(
        'delete from webhook_endpoints where id = $1 and company_id = $2 returning id',
        [endpointId, companyId],
      );
      return rows.length > 0;
    },

    /** A new secret; the old one still signs for `overlapHours`, so a receiver can switch over. */
    async rotateSecret(
      companyId: string,
      endpointId: string,
      secret: string,
      overlapHours: number,
    ): Promise<boolean> {
      const { rows } = await db.query(
        `update webhook_endpoints
            set previous_secret = secret, previous_secret_until = now() + make_interval(hours => $4), secret = $3
          where id = $1 and company_id = $2 returning id`,
        [endpointId, companyId, secret, overlapHours],
      );
      return rows.length > 0;
    },

    /** Enabled again by the owner: it hears of changes from now on (what it missed stays failed). */
    async enableEndpoint(companyId: string, endpointId: string): Promise<boolean> {
      const { rows } = await db.query(
        `update webhook_endpoints set disabled_at = null, disabled_reason = null
          where id = $1 and company_id = $2 returning id`,
        [endpointId, companyId],
      );
      return rows.length > 0;
    },

    /** The endpoint's latest deliveries, newest first; null when the business has no such endpoint. */
    async listDeliveries(
      companyId: string,
      endpointId: string,
      limit: number,
    ): Promise<WebhookDeliveryRow[] | null> {
      const { rows } = await db.query<WebhookDeliveryRow & { found: boolean }>(
        `select true as found, d.* from webhook_endpoints e
           left join lateral (
             select ${DELIVERY_COLUMNS} from webhook_deliveries
              where endpoint_id = e.id order by created_at desc, id limit $3
           ) d on true
          where e.id = $1 and e.company_id = $2`,
        [endpointId, companyId, limit],
      );
      if (rows.length === 0) return null;
      return rows.filter((row) => row.id !== null).map(({ found: _found, ...row }) => row);
    },

    /**
     * Sends a delivery again (the owner's Replay): pending now, with the same webhook-id, so a
     * receiver that had it drops the repeat. False when the business has no such delivery, or it
     * is being sent.
     */
    async replayDelivery(companyId: string, deliveryId: string): Promise<WebhookDeliveryRow | null> {
      const { rows } = await db.query<WebhookDeliveryRow>(
        `update webhook_deliveries
            set status = 'pending', next_attempt_at = now(), lease_until = null
          where id = $1 and company_id = $2 and status <> 'sending'
          returning ${DELIVERY_COLUMNS}`,
        [deliveryId, companyId],
      );
      return rows[0] ?? null;
    },

    /**
     * Claims due deliveries of endpoints in use for one try each. The claim is a lease committed
     * before the send: a process that stops mid-send leaves the row 'sending' until the lease
     * ends, and then it is tried again (at least once: the same webhook-id lets the receiver drop
     * a repeat). Several processes share the work through SKIP LOCKED.
     */
    async claimDue(limit: number, leaseSeconds: number): Promise<ClaimedDelivery[]> {
      const { rows } = await db.query<ClaimedDelivery>(
        `with due as (
           select d.id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
            where d.status = 'pending' and d.next_attempt_at <= now() and e.disabled_at is null
            order by d.next_attempt_at limit $1 for update of d skip locked
         )
         update webhook_deliveries d
            set status = 'sending', attempts = d.attempts + 1, last_attempt_at = now(),
                lease_until = now() + make_interval(secs => $2)
           from due, webhook_endpoints e
          where d.id = due.id and e.id = d.endpoint_id
          returning d.id, d.endpoint_id as "endpointId", e.url, d.payload::text as body, d.attempts,
                    d.created_at as "createdAt",
                    array_remove(array[e.secret, case when e.previous_secret_until > now() then e.previous_secret end], null) as secrets`,
        [limit, leaseSeconds],
        { name: 'webhook-claim-due' },
      );
      return rows;
    },

    /** Leases that ran out: their process stopped mid-send. Tried again, as the next try. */
    async releaseExpiredLeases(): Promise<number> {
      const { rows } = await db.query(
        `update webhook_deliveries set status = 'pending', lease_until = null, next_attempt_at = now()
          where status = 'sending' and lease_until < now() returning id`,
      );
      return rows.length;
    },

    async markDelivered(delivery: { id: string; endpointId: string; statusCode: number }): Promise<void> {
      await db.query(
        `with delivered as (
           update webhook_deliveries
              set status = 'delivered', delivered_at = now(), lease_until = null,
                  last_status_code = $3, last_error = null
            where id = $1
         )
         update webhook_endpoints set last_success_at = now() where id = $2`,
        [delivery.id, delivery.endpointId, delivery.statusCode],
      );
    },

    async markRetry(
      id: string,
      outcome: { statusCode: number | null; error: string },
      retryInSeconds: number,
    ): Promise<void> {
      await db.query(
        `update webhook_deliveries
            set status = 'pending', lease_until = null, next_attempt_at = now() + make_interval(secs => $4),
                last_status_code = $2, last_error = $3
          where id = $1`,
        [id, outcome.statusCode, outcome.error, retryInSeconds],
      );
    },

    /**
     * Every try failed. The endpoint is disabled when nothing reached it since this delivery was
     * made (hours of failures, not one bad event): it stops being sent to, and Settings says why.
     */
    async markFailed(
      delivery: { id: string; endpointId: string; createdAt: Date },
      outcome: { statusCode: number | null; error: string },
      disabledReason: string,
    ): Promise<{ endpointDisabled: boolean }> {
      const { rows } = await db.query<{ disabled: boolean }>(
        `with failed as (
           update webhook_deliveries
              set status = 'failed', lease_until = null, last_status_code = $3, last_error = $4
            where id = $1
         ), disabled as (
           update webhook_endpoints set disabled_at = now(), disabled_reason = $6
            where id = $2 and disabled_at is null
              and (last_success_at is null or last_success_at < $5)
           returning id
         )
         select exists (select 1 from disabled) as disabled`,
        [
          delivery.id,
          delivery.endpointId,
          outcome.statusCode,
          outcome.error,
          delivery.createdAt,
          disabledReason,
        ],
      );
      return { endpointDisabled: rows[0]?.disabled ?? false };
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
