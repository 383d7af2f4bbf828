import type { Database, Queryable } from '../db/database.ts';

/** NOTIFY channel of numbered events: payload "topic|seq". */
export const REALTIME_CHANNEL = 'checkn_events';

export interface RealtimeEvent {
  topic: string;
  seq: number;
  type: string;
  data: unknown;
}

/**
 * Records events with a change, as SQL for the statement that makes the change: `rows` is a
 * select of (topic, type, data). The events are numbered and delivered after commit (call
 * `flushSoon`); the app's changes write theirs this way, in the statement itself
 * (wait-list.repository.ts, chat.repository.ts), so an event costs no round trip of its own.
 */
export const appendEventsSql = (rows: string) => `insert into realtime_pending (topic, type, data) ${rows}`;

/** Events are kept this long; a client away for longer reloads its state instead of replaying. */
export const EVENT_RETENTION_HOURS = 24;
/** A catch-up replays at most this many events; further behind, the client reloads. */
export const MAX_REPLAY = 500;
const SEQUENCE_BATCH = 1000;
const SWEEP_MS = 2_000;

/**
 * Numbers a batch of pending events in one statement: per topic, in the order they were written,
 * continuing from the topic's last number. A board event also says "the line moved" once per
 * batch. Concurrent sequencers skip each other's rows; the topic rows' locks order their commits.
 * It returns the numbered events, so this process delivers its own at once; other processes hear
 * "topic|seq" and read them. The batch is an array of ids so the delete looks each one up by key:
 * as `id in (subquery)` the planner joined against a scan of the whole table, dead rows included
 * (every event leaves one until vacuum), and each pass grew slower the longer the server ran.
 * An event keeps the time of the change it tells (its pending row's, the change's transaction
 * time), not the time it was numbered: a near-turn check tells only who was in line at the move.
 */
export const SEQUENCE_SQL = `
with moved as (
  delete from realtime_pending
   where id = any (array(select id from realtime_pending order by id limit ${SEQUENCE_BATCH} for update skip locked))
  returning id, topic, type, data, created_at
), expanded as (
  select id, topic, type, data, created_at from moved
  union all
  select max(id), 'line:' || substr(topic, 7), 'line.changed', '{}'::jsonb, max(created_at)
    from moved where topic like 'board:%' group by topic
), counts as (
  select topic, count(*) as n from expanded group by topic
), bumped as (
  insert into realtime_topics as t (topic, seq) select topic, n from counts
  on conflict (topic) do update set seq = t.seq + excluded.seq
  returning topic, seq
), numbered as (
  select e.topic, b.seq - c.n + row_number() over (partition by e.topic order by e.id) as seq, e.type, e.data,
         e.created_at
    from expanded e join counts c on c.topic = e.topic join bumped b on b.topic = e.topic
), inserted as (
  insert into realtime_events (topic, seq, type, data, created_at)
  select topic, seq, type, data, created_at from numbered
  returning topic, seq, type, data
)
select topic, seq::int as seq, type, data, pg_notify('${REALTIME_CHANNEL}', topic || '|' || seq) as notified
  from inserted
 order by topic, seq`;

/**
 * The durable, numbered event log behind the realtime channel. `append` runs inside the caller's
 * transaction, so an event exists exactly when the change it describes does.
 */
export function createEventLog(
  db: Database,
  options: {
    logError?: (error: unknown) => void;
    /** Seconds from a change's asking for its events to be numbered (flushSoon, numberWhenCommitted) to their delivery here. */
    observeDeliveryLag?: (seconds: number) => void;
  } = {},
) {
  const numberedListeners: ((events: RealtimeEvent[]) => void)[] = [];
  let flushScheduled = false;
  /** When the oldest flushSoon not yet taken by a pass was asked (performance.now()). */
  let flushAskedAt: number | undefined;
  let sequencing = false;
  let sequenceAgain = false;
  let stopped = false;
  let sweepTimer: ReturnType<typeof setInterval> | undefined;

  /** Numbers pending events in batches; calls that arrive meanwhile fold into one more pass. */
  async function runSequencer(): Promise<void> {
    if (stopped) return;
    if (sequencing) {
      sequenceAgain = true;
      return;
    }
    sequencing = true;
    try {
      do {
        sequenceAgain = false;
        // The sweep's passes (nothing asked) are not timed: their events' commit time is unknown.
        let askedAt = flushAskedAt;
        flushAskedAt = undefined;
        for (;;) {
          // Sent with nothing awaited before it: numberWhenCommitted counts on a pass asked right
          // behind a change to reach the database right behind it, on PGlite's one connection.
          const { rows } = await db.query<RealtimeEvent>(SEQUENCE_SQL, [], { name: 'sequence-events' });
          if (rows.length > 0) {
            deliverNumbered(rows);
            if (askedAt !== undefined) options.observeDeliveryLag?.((performance.now() - askedAt) / 1000);
            askedAt = undefined;
          }
          if (rows.length < SEQUENCE_BATCH) break;
        }
      } while (sequenceAgain && !stopped);
    } catch (error) {
      if (!stopped) options.logError?.(error);
    } finally {
      sequencing = false;
    }
  }

  function deliverNumbered(rows: RealtimeEvent[]): void {
    const events = rows.map(({ topic, seq, type, data }) => ({ topic, seq, type, data }));
    for (const listener of numberedListeners) {
      try {
        listener(events);
      } catch (error) {
        options.logError?.(error);
      }
    }
  }

  return {
    /**
     * The hub, and whoever acts when the line moves (near-turn.service.ts): each gets the events
     * this process numbered as soon as they are committed. Every event is numbered by one process.
     */
    onNumbered(listener: (events: RealtimeEvent[]) => void): void {
      numberedListeners.push(listener);
    },

    /**
     * Records one event with the caller's change, in its own statement (appendEventsSql writes
     * them in the change's statement). After the transaction commits, call `flushSoon` to number
     * and deliver it. No NOTIFY here: NOTIFY takes a database-wide lock at commit, and every
     * change would queue behind every other; the sequencer notifies once per batch.
     */
    async append(tx: Queryable, topic: string, type: string, data: unknown): Promise<void> {
      await tx.query(appendEventsSql('values ($1, $2, $3::jsonb)'), [topic, type, JSON.stringify(data)]);
    },

    /** Numbers what this process (or a stopped one) left pending, soon and in one pass. */
    flushSoon(): void {
      if (stopped) return;
      flushAskedAt ??= performance.now();
      if (flushScheduled) return;
      flushScheduled = true;
      // Numbered on the next turn; changes committed while a pass runs fold into the next one
      // (runSequencer's `sequenceAgain`), so batches form by themselves under load. Measured
      // (npm run bench, both databases, same machine and hour): against a 3 ms wait, delivery p50
      // 7.5 vs 11 ms and board p50 15 vs 25 ms on PostgreSQL, two-process p99 22 vs 50 ms, and no
      // worse HTTP p99 (22 vs 21 ms). An earlier run that found it worse had the heartbeat's
      // 5,000 pings in one turn (realtime.routes.ts) landing in the middle of the measurement.
      setImmediate(() => {
        flushScheduled = false;
        void runSequencer();
      });
    },

    /**
     * Numbers the events of `change` as soon as it commits; `change` has sent its first statement
     * (or its transaction's begin) already, as a repository call does. On the embedded database
     * the pass is sent now: its one connection runs statements in the order they were sent, and
     * commits those waiting together as one (pglite-worker.ts), so the pass runs right behind the
     * change, often in its commit: one commit and one turn of the database thread fewer per
     * change, and no wait for the change's answer before the pass is asked. On PostgreSQL a pass
     * sent now could run on another connection before the change commits: it waits (flushSoon).
     */
    async numberWhenCommitted<T>(change: Promise<T>): Promise<T> {
      if (db.kind !== 'pglite') {
        const result = await change;
        this.flushSoon();
        return result;
      }
      if (!stopped) {
        flushAskedAt ??= performance.now();
        void runSequencer();
      }
      const result = await change;
      // The thread answers in the order it was asked: a pass still under way when the change's
      // answer is here was sent after it, and numbers its events. None under way: the change sent
      // its statement after the pass did (it awaited something first), so one more is due.
      if (!sequencing) this.flushSoon();
      return result;
    },

    /** Sweeps for events left pending by a process that stopped between commit and numbering. */
    start(): void {
      sweepTimer = setInterval(() => void runSequencer(), SWEEP_MS);
      sweepTimer.unref();
      void runSequencer();
    },

    async stop(): Promise<void> {
      stopped = true;
      clearInterval(sweepTimer);
      // Let a pass in progress finish before the database closes.
      while (sequencing) await new Promise((resolve) => setTimeout(resolve, 10));
    },

    /**
     * The topic's head, and whether events of it wait to be numbered (a change committed that the
     * head does not show yet): a cache keyed on the head is fresh only with none pending.
     */
    async headAndPending(topic: string): Promise<{ seq: number; pending: boolean }> {
      const { rows } = await db.query<{ seq: number; pending: boolean }>(
        `select coalesce((select seq::int from realtime_topics where topic = $1), 0) as seq,
                exists (select 1 from realtime_pending where topic = $1) as pending`,
        [topic],
        { name: 'topic-head-and-pending' },
      );
      return rows[0] ?? { seq: 0, pending: false };
    },

    async head(topic: string): Promise<number> {
      const { rows } = await db.query<{ seq: number }>(
        'select seq::int as seq from realtime_topics where topic = $1',
        [topic],
      );
      return rows[0]?.seq ?? 0;
    },

    /**
     * Events after `after`, oldest first; whether the log still reaches back that far; and the
     * topic's head. One statement, so the events and the head come from one snapshot: read apart,
     * a batch numbered in between made a client that had missed nothing look too far behind.
     */
    async readAfter(
      topic: string,
      after: number,
    ): Promise<{ events: RealtimeEvent[]; complete: boolean; head: number }> {
      const { rows } = await db.query<{ head: number | null; events: RealtimeEvent[] }>(
        `select (select seq::int from realtime_topics where topic = $1) as head,
                coalesce((select json_agg(e order by e.seq)
                            from (select topic, seq::int as seq, type, data from realtime_events
                                   where topic = $1 and seq > $2 order by seq limit ${MAX_REPLAY + 1}) e),
                         '[]'::json) as events`,
        [topic, after],
      );
      const head = rows[0]?.head ?? 0;
      const events = rows[0]?.events ?? [];
      // Complete when nothing is missing between `after` and the head: not pruned, not too far
      // behind, and not "after" a seq this topic never reached (a client from a reset database).
      const complete =
        events.length === 0 ? head === after : events[0]!.seq === after + 1 && events.length <= MAX_REPLAY;
      return { events: events.slice(0, MAX_REPLAY), complete, head };
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
