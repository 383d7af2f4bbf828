import type { ChatMessage } from '../../../shared/schemas.ts';
import type { Queryable } from '../../db/database.ts';

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

export function createChatRepository(db: Queryable) {
  return {
    async insertMessage(message: NewChatMessage, tx: Queryable = db): Promise<ChatMessage> {
      const { rows } = await tx.query<MessageRow>(
        `insert into chat_messages (id, thread_key, company_id, wait_id, user_id, user_name, sender, message)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         returning ${messageColumns}`,
        [
          message.id,
          message.threadKey,
          message.companyId,
          message.waitId,
          message.userId,
          message.userName,
          message.sender,
          message.message,
        ],
      );
      return toMessage(rows[0]!);
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
