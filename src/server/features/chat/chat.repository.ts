import type { ChatMessage } from '../../../shared/schemas.ts';
import type { Queryable } from '../../db/database.ts';
import { appendEventsSql } from '../../realtime/event-log.ts';
import { mayTextSql } from '../sms/sms.repository.ts';

export interface NewChatMessage {
  id: string;
  threadKey: string;
  companyId: string;
  waitId: string;
  userId: string;
  userName: string;
  sender: 'customer' | 'staff';
  message: string;
}

interface MessageRow {
  id: string;
  createdAt: number;
  userId: string;
  userName: string;
  message: string;
  sender: 'customer' | 'staff';
}

const toMessage = (row: MessageRow): ChatMessage => ({
  ...row,
  name: row.userName,
  createdAt: Number(row.createdAt),
});

const messageColumns = `id, extract(epoch from created_at)::float8 as "createdAt", user_id as "userId",
  user_name as "userName", message, sender`;

/** A text that carries a staff message to the customer's phone (sms/sms-texts.ts chatText). */
export interface ChatText {
  id: string;
  phoneNumber: string;
  body: string;
}

export function createChatRepository(
  db: Queryable,
  /** What a new text is written as (sms/sms-sender.ts newTextStatus). */
  newTextStatus: 'queued' | 'sent' = 'queued',
) {
  return {
    /**
     * Stores a message and, in the same statement, its "message.created" event for `topic`
     * (numbered after commit: realtime/event-log.ts) and, when `text` is given, the text that takes
     * it to the customer's phone, unless the number opted out or the entry did not allow texts. One
     * statement: a message is one round trip to the database, not five. Null when the entry's
     * details were erased, even by an erase that committed after the caller read the entry: the
     * key-share lock (the one the foreign key takes anyway) waits for it and sees its result.
     */
    async insertMessageAndPublish(
      message: NewChatMessage,
      publish: { topic: string; text: ChatText | null },
      tx: Queryable = db,
    ): Promise<ChatMessage | null> {
      const { rows } = await tx.query<MessageRow>(
        `with entry as (
           select id from wait_entries where id = $4 and anonymised_at is null for key share
         ), message as (
           insert into chat_messages (id, thread_key, company_id, wait_id, user_id, user_name, sender, message)
           select $1, $2, $3, $4, $5, $6, $7, $8 from entry
           returning ${messageColumns}
         ), published as (
           ${appendEventsSql(`select $9, 'message.created', jsonb_build_object(
                    'id', id, 'createdAt', "createdAt", 'userId', "userId", 'userName', "userName",
                    'name', "userName", 'message', message, 'sender', sender)
             from message`)}
         ), text as (
           insert into sms_messages (id, company_id, wait_id, direction, kind, event_key, phone_number, body, status)
           select $10, $3, $4, 'outbound', 'chat', $11, $12, $13, $14::text
            where $10::uuid is not null and exists (select 1 from message)
              and ${mayTextSql('exists (select 1 from wait_entries where id = $4 and allow_sms)', '$12', '$3')}
           on conflict (event_key) do nothing
         )
         select * from message`,
        [
          message.id,
          message.threadKey,
          message.companyId,
          message.waitId,
          message.userId,
          message.userName,
          message.sender,
          message.message,
          publish.topic,
          publish.text?.id ?? null,
          // Keyed by the message: one text per message, however often it is retried.
          publish.text ? `chat:${message.id}` : null,
          publish.text?.phoneNumber ?? null,
          publish.text?.body ?? null,
          newTextStatus,
        ],
        { name: 'insert-chat-message' },
      );
      return rows[0] ? toMessage(rows[0]) : null;
    },

    /** The latest `limit` messages of a thread, oldest first (spec §7: ordered by createdAt, last 10). */
    async listLatest(threadKey: string, limit: number, tx: Queryable = db): Promise<ChatMessage[]> {
      const { rows } = await tx.query<MessageRow>(
        `select * from (
           select ${messageColumns}, created_at as sort_key from chat_messages
            where thread_key = $1 order by created_at desc, id desc limit $2
         ) latest order by sort_key, id`,
        [threadKey, limit],
      );
      return rows.map(({ sort_key: _sortKey, ...row }: MessageRow & { sort_key?: unknown }) =>
        toMessage(row),
      );
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
