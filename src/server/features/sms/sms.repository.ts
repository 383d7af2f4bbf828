import type { Language } from '../../../shared/languages.ts';
import type { TextingLimits } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';

/**
 * When a change may text a customer of a business, as SQL for the statement that makes the change
 * (the join, a call, a staff chat message): the entry allows texts, and its number has not replied
 * STOP to this business nor to the sending number all businesses share (`company_id is null`).
 * Each such statement also keys its text by the event (`on conflict (event_key) do nothing`), so a
 * change texts at most once; the limits are kept by the table's trigger (migrations/0006).
 */
export const mayTextSql = (entryAllowsSms: string, phoneNumber: string, companyId: string) =>
  `${entryAllowsSms} and not exists (select 1 from sms_opt_outs o where o.phone_number = ${phoneNumber}
     and (o.company_id is null or o.company_id = ${companyId}))`;

/**
 * Whose a STOP is: a business's own, when each business texts from a number of its own (the
 * outbox, where a console answers as the customer of its business), or the sending number's,
 * which every business on it shares (one Twilio number for the install): the carrier then blocks
 * that number for all of them. docs/text-messages.md.
 */
export type OptOutScope = { companyId: string } | 'shared-number';

const scopeCompanyId = (scope: OptOutScope) => (scope === 'shared-number' ? null : scope.companyId);

export type SmsStatus =
  | 'queued'
  | 'sending'
  | 'sent'
  | 'delivered'
  | 'failed'
  | 'received'
  | 'undelivered'
  | 'blocked';

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
                    exists (select 1 from sms_opt_outs o where o.phone_number = m.phone_number
                             and (o.company_id is null or o.company_id = m.company_id)) as "optedOut"`,
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

    /**
     * Queues a failed send again, unless the customer's details were erased while it was being
     * sent (privacy.repository.ts eraseTexts): its body is gone and texts to them have stopped.
     */
    async markRetry(id: string, error: string, retryInSeconds: number): Promise<void> {
      await db.query(
        `update sms_messages set status = case when erased_at is null then 'queued' else 'failed' end,
                last_error = case when erased_at is null then $2 else 'not sent: the customer''s details were erased' end,
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
        // An erased text keeps its number a while for the limits (privacy.repository.ts), unseen.
        `select ${columns} from sms_messages where company_id = $1 and erased_at is null
          order by created_at desc, id desc limit $2`,
        [companyId, limit],
      );
      return rows;
    },

    /** Whether this business ever texted this number: the outbox answers only such texts. */
    async hasTexted(companyId: string, phoneNumber: string): Promise<boolean> {
      const { rows } = await db.query(
        `select 1 from sms_messages where company_id = $1 and phone_number = $2 and direction = 'outbound' limit 1`,
        [companyId, phoneNumber],
      );
      return rows.length > 0;
    },

    /**
     * The wait a text from this number is about, at the business of `scope`; on the shared number,
     * at the business whose text reached it last (the one the customer's phone shows the reply
     * under). The visit whose text reached it last first: a number typed at a join is not proof it
     * is the joiner's, and a stranger who typed it without texts must not get the owner's replies.
     * Then an active wait, else the latest. Null when no business texted it.
     */
    async findReplyTarget(phoneNumber: string, scope: OptOutScope, tx: Queryable = db) {
      const { rows } = await tx.query<{
        waitId: string;
        companyId: string;
        companyName: string;
        customerId: string;
        name: string;
        chatThreadKey: string;
        /** The language of its texts: the customer's, else the business's (migrations/0041). */
        language: Language;
      }>(
        `with last_text as (
           select m.company_id, m.wait_id from sms_messages m
            where m.phone_number = $1 and m.direction = 'outbound' and m.company_id is not null
              and m.status <> 'blocked' and ($2::text is null or m.company_id = $2::text)
            order by m.created_at desc, m.id desc limit 1)
         select w.id as "waitId", w.company_id as "companyId", c.name as "companyName", w.customer_id as "customerId",
                w.name, w.chat_thread_key as "chatThreadKey", coalesce(w.language, c.language) as language
           from wait_entries w join companies c on c.id = w.company_id
          where w.phone_number = $1
            and w.company_id = coalesce($2::text, (select company_id from last_text))
          order by coalesce(w.id = (select wait_id from last_text), false) desc,
                   (w.status in ('waiting', 'called', 'in_service')) desc, w.date desc
          limit 1`,
        [phoneNumber, scopeCompanyId(scope)],
      );
      return rows[0] ?? null;
    },

    /**
     * The business whose text reached this phone last, within `scope`: the one a phone with no
     * visit yet (texting to join) is talking to. Null when none texted it.
     */
    async findLastTextingBusiness(phoneNumber: string, scope: OptOutScope, tx: Queryable = db) {
      const { rows } = await tx.query<{ companyId: string; companyName: string; language: Language }>(
        `select c.id as "companyId", c.name as "companyName", c.language from sms_messages m join companies c on c.id = m.company_id
          where m.phone_number = $1 and m.direction = 'outbound' and m.status <> 'blocked'
            and ($2::text is null or m.company_id = $2::text)
          order by m.created_at desc, m.id desc limit 1`,
        [phoneNumber, scopeCompanyId(scope)],
      );
      return rows[0] ?? null;
    },

    /**
     * STOP: no more texts to this number within `scope`. The entries' own `allow_sms` (the
     * customer's choice when joining) stays as it was: every text checks the opt-outs as it is
     * written (mayTextSql), so START can lift the STOP without turning on texts nobody asked for.
     */
    async optOut(phoneNumber: string, scope: OptOutScope, tx: Queryable = db): Promise<boolean> {
      const { rows } = await tx.query(
        `insert into sms_opt_outs (phone_number, company_id) values ($1, $2)
         on conflict (phone_number, (coalesce(company_id, ''))) do nothing returning phone_number`,
        [phoneNumber, scopeCompanyId(scope)],
      );
      return rows.length > 0;
    },

    /** START: lifts the STOP of this same scope only (a business cannot lift the shared number's). */
    async optIn(phoneNumber: string, scope: OptOutScope, tx: Queryable = db): Promise<boolean> {
      const { rows } = await tx.query(
        'delete from sms_opt_outs where phone_number = $1 and company_id is not distinct from $2 returning phone_number',
        [phoneNumber, scopeCompanyId(scope)],
      );
      return rows.length > 0;
    },

    /** Writes the install's limits where the texts' trigger reads them (migrations/0006). */
    async setLimits(limits: TextingLimits): Promise<void> {
      await db.query(
        `update texting_limits set texts_per_number = $1, texts_per_number_window_minutes = $2,
                texts_per_business_per_day = $3, joins_per_phone_per_hour = $4, conversation_texts_per_number = $5`,
        [
          limits.textsPerNumber,
          limits.textsPerNumberWindowMinutes,
          limits.textsPerBusinessPerDay,
          limits.joinsPerPhonePerHour,
          limits.conversationTextsPerNumber,
        ],
      );
    },
  };
}

export type SmsRepository = ReturnType<typeof createSmsRepository>;
