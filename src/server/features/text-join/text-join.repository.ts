import type { Language } from '../../../shared/languages.ts';
import type { Queryable } from '../../db/database.ts';

/** A join by text in progress (migrations/0028): the step it is at and what it was answered. */
export interface SmsConversation {
  id: string;
  companyId: string;
  step: 'service' | 'name';
  /** The services as the menu listed them. */
  services: string[];
  serviceType: string | null;
  /** The language it speaks (migrations/0044); null: the business's. */
  language: Language | null;
}

const columns = `id, company_id as "companyId", step, services, service_type as "serviceType", language`;

/**
 * Conversations by text, keyed by the phone and the number it texted: `sentTo` is the business
 * whose own number it was (the outbox), or null for the number every business shares (Twilio).
 */
export function createTextJoinRepository(db: Queryable) {
  return {
    /** The phone's conversation with this number, unless it expired. */
    async findActive(phoneNumber: string, sentTo: string | null, now: Date): Promise<SmsConversation | null> {
      const { rows } = await db.query<SmsConversation>(
        `select ${columns} from sms_conversations
          where phone_number = $1 and coalesce(sent_to, '') = coalesce($2::text, '') and expires_at > $3`,
        [phoneNumber, sentTo, now],
      );
      return rows[0] ?? null;
    },

    /** A new conversation at its first step, replacing any earlier one of the phone with this number. */
    async start(
      conversation: {
        id: string;
        phoneNumber: string;
        sentTo: string | null;
        companyId: string;
        services: string[];
        expiresAt: Date;
        language: Language | null;
      },
      tx: Queryable = db,
    ): Promise<void> {
      await tx.query(
        `insert into sms_conversations (id, phone_number, sent_to, company_id, step, services, expires_at, language)
         values ($1, $2, $3, $4, 'service', $5::jsonb, $6, $7)
         on conflict (phone_number, (coalesce(sent_to, ''))) do update
           set id = excluded.id, company_id = excluded.company_id, step = 'service', services = excluded.services,
               service_type = null, expires_at = excluded.expires_at, created_at = now(), language = excluded.language`,
        [
          conversation.id,
          conversation.phoneNumber,
          conversation.sentTo,
          conversation.companyId,
          JSON.stringify(conversation.services),
          conversation.expiresAt,
          conversation.language,
        ],
      );
    },

    /** The service is chosen: the name is asked next. False when the conversation is gone. */
    async chooseService(
      id: string,
      serviceType: string,
      expiresAt: Date,
      tx: Queryable = db,
    ): Promise<boolean> {
      const { rows } = await tx.query(
        `update sms_conversations set step = 'name', service_type = $2, expires_at = $3
          where id = $1 and step = 'service' returning id`,
        [id, serviceType, expiresAt],
      );
      return rows.length > 0;
    },

    /**
     * Ends a conversation; false when it had ended already (a text answered concurrently took it),
     * so each conversation leads to one join.
     */
    async end(id: string, tx: Queryable = db): Promise<boolean> {
      const { rows } = await tx.query('delete from sms_conversations where id = $1 returning id', [id]);
      return rows.length > 0;
    },

    /** STOP ends whatever the phone was in the middle of with this number. */
    async endFor(phoneNumber: string, sentTo: string | null): Promise<void> {
      await db.query(
        `delete from sms_conversations where phone_number = $1 and coalesce(sent_to, '') = coalesce($2::text, '')`,
        [phoneNumber, sentTo],
      );
    },

    /** Conversations past their expiry hold a phone number for nothing: gone. */
    async deleteExpired(now: Date): Promise<number> {
      const { rows } = await db.query('delete from sms_conversations where expires_at <= $1 returning id', [
        now,
      ]);
      return rows.length;
    },

    /**
     * The business whose text reached this phone last (the conversation its phone shows), for a
     * bare JOIN, STATUS or LEAVE to the shared number. Null when no business texted it.
     */
    async lastBusinessToText(phoneNumber: string): Promise<string | null> {
      const { rows } = await db.query<{ companyId: string }>(
        `select company_id as "companyId" from sms_messages
          where phone_number = $1 and direction = 'outbound' and company_id is not null and status <> 'blocked'
          order by created_at desc, id desc limit 1`,
        [phoneNumber],
      );
      return rows[0]?.companyId ?? null;
    },

    /**
     * The phone's visit at this business that is still in line (waiting or called), if any, with
     * the language it joined in (null: the business's).
     */
    async findEntryInLine(phoneNumber: string, companyId: string) {
      const { rows } = await db.query<{ waitId: string; customerId: string; language: Language | null }>(
        `select id as "waitId", customer_id as "customerId", language from wait_entries
          where company_id = $1 and phone_number = $2 and status in ('waiting', 'called')
          order by date desc limit 1`,
        [companyId, phoneNumber],
      );
      return rows[0] ?? null;
    },

    /** Whether the phone has ever been on this business's list (its texts then go to the chat). */
    async hasVisited(phoneNumber: string, companyId: string): Promise<boolean> {
      const { rows } = await db.query(
        'select 1 from wait_entries where company_id = $1 and phone_number = $2 limit 1',
        [companyId, phoneNumber],
      );
      return rows.length > 0;
    },

    /** Whether the phone said STOP to this business or to the shared number (mayTextSql's rule). */
    async isOptedOut(phoneNumber: string, companyId: string): Promise<boolean> {
      const { rows } = await db.query(
        `select 1 from sms_opt_outs where phone_number = $1 and (company_id is null or company_id = $2) limit 1`,
        [phoneNumber, companyId],
      );
      return rows.length > 0;
    },
  };
}

export type TextJoinRepository = ReturnType<typeof createTextJoinRepository>;
