import type { Database, Queryable } from '../db/database.ts';

export const REALTIME_CHANNEL = 'checkn_events';

export interface RealtimeEvent {
  topic: string;
  seq: number;
  type: string;
  data: unknown;
}

/** Events are kept this long; a client away for longer reloads its state instead of replaying. */
export const EVENT_RETENTION_HOURS = 24;
/** A catch-up replays at most this many events; further behind, the client reloads. */
export const MAX_REPLAY = 500;

/**
 * The durable, numbered event log behind the realtime channel. `append` runs inside the caller's
 * transaction: the event exists exactly when the change it describes does, and the NOTIFY (topic
 * and seq only; payloads are capped at 8,000 bytes) goes out at commit.
 */
export function createEventLog(db: Database) {
  return {
    async append(tx: Queryable, topic: string, type: string, data: unknown): Promise<number> {
      const { rows } = await tx.query<{ seq: number }>(
        `with next as (
           insert into realtime_topics as t (topic, seq) values ($1, 1)
           on conflict (topic) do update set seq = t.seq + 1
           returning seq
         ), inserted as (
           insert into realtime_events (topic, seq, type, data)
           select $1, seq, $2, $3::jsonb from next
           returning seq
         )
         select seq::int as seq, pg_notify('${REALTIME_CHANNEL}', $1 || '|' || seq) from inserted`,
        [topic, type, JSON.stringify(data)],
      );
      return rows[0]!.seq;
    },

    async head(topic: string): Promise<number> {
      const { rows } = await db.query<{ seq: number }>(
        'select seq::int as seq from realtime_topics where topic = $1',
        [topic],
      );
      return rows[0]?.seq ?? 0;
    },

    /** Events after `after`, oldest first, and whether the log still reaches back that far. */
    async readAfter(topic: string, after: number): Promise<{ events: RealtimeEvent[]; complete: boolean }> {
      const { rows } = await db.query<RealtimeEvent>(
        `select topic, seq::int as seq, type, data from realtime_events
          where topic = $1 and seq > $2 order by seq limit ${MAX_REPLAY + 1}`,
        [topic, after],
      );
      const head = await this.head(topic);
      // Complete when nothing is missing between `after` and the head: not pruned, not too far
      // behind, and not "after" a seq this topic never reached (a client from a reset database).
      const complete =
        rows.length === 0 ? head === after : rows[0]!.seq === after + 1 && rows.length <= MAX_REPLAY;
      return { events: rows.slice(0, MAX_REPLAY), complete };
    },

    /** The events named by notifications, in one query. */
    async readMany(keys: readonly { topic: string; seq: number }[]): Promise<RealtimeEvent[]> {
      const { rows } = await db.query<RealtimeEvent>(
        `select e.topic, e.seq::int as seq, e.type, e.data
           from realtime_events e
           join unnest($1::text[], $2::bigint[]) as k (topic, seq) on e.topic = k.topic and e.seq = k.seq
          order by e.topic, e.seq`,
        [keys.map((k) => k.topic), keys.map((k) => k.seq)],
      );
      return rows;
    },

    async prune(): Promise<void> {
      await db.query(
        `delete from realtime_events where created_at < now() - interval '${EVENT_RETENTION_HOURS} hours'`,
      );
    },
  };
}

export type EventLog = ReturnType<typeof createEventLog>;
