import type { Queryable } from '../../db/database.ts';

/**
 * When a change may text a customer, as SQL for the statement that makes the change (the join, a
 * call, a staff chat message): the entry allows texts and its number never replied STOP. Each
 * such statement also keys its text by the event (`on conflict (event_key) do nothing`), so a
 * change texts at most once.
 */
export const mayTextSql = (entryAllowsSms: string, phoneNumber: string) =>
  `${entryAllowsSms} and not exists (select 1 from sms_opt_outs o where o.phone_number = ${phoneNumber})`;

export type SmsStatus = 'queued' | 'sending' | 'sent' | 'delivered' | 'failed' | 'received' | 'undelivered';

export interface SmsRow {
  id: string;
  companyId: string | null;
  waitId: string | null;
  direction: 'outbound' | 'inbound';
  kind: string;
  phoneNumber: string;
  body: string;
  status: SmsStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
}

const columns = `id, company_id as "companyId", wait_id as "waitId", direction, kind, phone_number as "phoneNumber",
  body, status, attempts, last_error as "lastError", created_at as "createdAt"`;

export function createSmsRepository(
  db: Queryable,
  /** What a new outbound text is written as (sms/sms-sender.ts newTextStatus). */
  newTextStatus: 'queued' | 'sent' = 'queued',
) {
  return {
    /** A reply to a keyword goes out even to a number that just opted out (the STOP confirmation). */
    async enqueueReply(
      text: {
        id: string;
        companyId: string | null;
        kind: string;
        eventKey: string;
        phoneNumber: string;
        body: string;
      },
      tx: Queryable = db,
    ): Promise<void> {
      await tx.query(
        `insert into sms_messages (id, company_id, direction, kind, event_key, phone_number, body, status)
         values ($1, $2, 'outbound', $3, $4, $5, $6, $7::text) on conflict (event_key) do nothing`,
        [text.id, text.companyId, text.kind, text.eventKey, text.phoneNumber, text.body, newTextStatus],
      );
    },

    async insertInbound(
      text: {
        id: string;
        companyId: string | null;
        waitId: string | null;
        phoneNumber: string;
        body: string;
        providerMessageId: string | null;
      },
      tx: Queryable = db,
    ): Promise<boolean> {
      const { rows } = await tx.query(
        `insert into sms_messages (id, company_id, wait_id, direction, kind, phone_number, body, status, provider_message_id)
         values ($1, $2, $3, 'inbound', 'inbound', $4, $5, 'received', $6)
         on conflict (provider_message_id) do nothing returning id`,
        [text.id, text.companyId, text.waitId, text.phoneNumber, text.body, text.providerMessageId],
      );
      return rows.length > 0;
    },

    /**
     * Claims due texts for this worker. A text is marked 'sending' in its own commit before the
     * send, so a crash mid-send never leads to a second copy (see recoverInterrupted).
     */
    async claimDue(limit: number): Promise<(SmsRow & { optedOut: boolean })[]> {
      const { rows } = await db.query<SmsRow & { optedOut: boolean }>(
        `update sms_messages m set status = 'sending', attempts = attempts + 1, updated_at = now()
          where id = any (array(select id from sms_messages where status = 'queued' and next_attempt_at <= now()
                                 order by next_attempt_at limit $1 for update skip locked))
          returning ${columns},
                    exists (select 1 from sms_opt_outs o where o.phone_number = m.phone_number) as "optedOut"`,
        [limit],
        { name: 'sms-claim-due' },
      );
      return rows;
    },

    /** Records a batch of sends in one statement. */
    async markSent(sent: readonly { id: string; providerMessageId: string | null }[]): Promise<void> {
      if (sent.length === 0) return;
      await db.query(
        `update sms_messages m set status = 'sent', provider_message_id = s.provider_id, last_error = null, updated_at = now()
           from unnest($1::uuid[], $2::text[]) as s (id, provider_id) where m.id = s.id`,
        [sent.map((item) => item.id), sent.map((item) => item.providerMessageId)],
      );
    },

    async markRetry(id: string, error: string, retryInSeconds: number): Promise<void> {
      await db.query(
        `update sms_messages set status = 'queued', last_error = $2,
                next_attempt_at = now() + make_interval(secs => $3), updated_at = now() where id = $1`,
        [id, error, retryInSeconds],
      );
    },

    async markFailed(id: string, error: string): Promise<void> {
      await db.query(
        `update sms_messages set status = 'failed', last_error = $2, updated_at = now() where id = $1`,
        [id, error],
      );
    },

    /** Texts left 'sending' by a process that stopped mid-send: their fate is unknown, so never resend. */
    async recoverInterrupted(olderThanSeconds: number): Promise<number> {
      const { rows } = await db.query(
        `update sms_messages set status = 'failed',
                last_error = 'interrupted while sending; not retried so the customer never gets it twice', updated_at = now()
          where status = 'sending' and updated_at < now() - make_interval(secs => $1) returning id`,
        [olderThanSeconds],
      );
      return rows.length;
    },

    async updateDeliveryStatus(
      providerMessageId: string,
      status: SmsStatus,
      error: string | null,
    ): Promise<void> {
      await db.query(
        `update sms_messages set status = $2, last_error = coalesce($3, last_error), updated_at = now()
          where provider_message_id = $1 and direction = 'outbound'`,
        [providerMessageId, status, error],
      );
    },

    async listForCompany(companyId: string, limit: number): Promise<SmsRow[]> {
      const { rows } = await db.query<SmsRow>(
        `select ${columns} from sms_messages where company_id = $1 order by created_at desc, id desc limit $2`,
        [companyId, limit],
      );
      return rows;
    },

    async optOut(phoneNumber: string, tx: Queryable = db): Promise<boolean> {
      const { rows } = await tx.query(
        'insert into sms_opt_outs (phone_number) values ($1) on conflict (phone_number) do nothing returning phone_number',
        [phoneNumber],
      );
      await tx.query(
        'update wait_entries set allow_sms = false, updated_at = now() where phone_number = $1',
        [phoneNumber],
      );
      return rows.length > 0;
    },

    async optIn(phoneNumber: string, tx: Queryable = db): Promise<boolean> {
      const { rows } = await tx.query(
        'delete from sms_opt_outs where phone_number = $1 returning phone_number',
        [phoneNumber],
      );
      await tx.query(
        `update wait_entries set allow_sms = true, updated_at = now()
          where phone_number = $1 and status in ('waiting', 'called', 'in_service')`,
        [phoneNumber],
      );
      return rows.length > 0;
    },
  };
}

export type SmsRepository = ReturnType<typeof createSmsRepository>;
