import type { FastifyBaseLogger } from 'fastify';
import type { ServerMessage } from '../../shared/realtime.ts';
import type { Database } from '../db/database.ts';
import { type EventLog, REALTIME_CHANNEL, type RealtimeEvent } from './event-log.ts';

/** One open socket, as the hub sees it. */
export interface RealtimeConnection {
  send(text: string): void;
  /** Bytes queued but not yet written: a client too slow to keep up is dropped and resumes later. */
  bufferedAmount(): number;
  close(code: number, reason: string): void;
}

interface Subscription {
  lastSeq: number;
  /** While catching up from the log, live events wait here so none is sent twice or out of order. */
  pending: { seq: number; text: string }[] | null;
}

const MAX_BUFFERED_BYTES = 1024 * 1024;

const eventText = (event: RealtimeEvent) =>
  JSON.stringify({
    type: 'event',
    topic: event.topic,
    seq: event.seq,
    event: event.type,
    data: event.data,
  } satisfies ServerMessage);

/**
 * Delivers numbered events to this process's sockets. Every process LISTENs to the database (the
 * same path for PGlite and PostgreSQL), reads each notified event once, serialises it once, and
 * hands the same text to every local subscriber of its topic.
 */
export function createRealtimeHub(deps: { db: Database; eventLog: EventLog; logger: FastifyBaseLogger }) {
  const { db, eventLog, logger } = deps;
  const subscribers = new Map<string, Map<RealtimeConnection, Subscription>>();
  const connectionTopics = new WeakMap<RealtimeConnection, Set<string>>();
  let queued: { topic: string; seq: number }[] = [];
  let flushScheduled = false;
  let stopListening: (() => Promise<void>) | null = null;
  let pruneTimer: ReturnType<typeof setInterval> | undefined;

  function send(connection: RealtimeConnection, text: string): void {
    if (connection.bufferedAmount() > MAX_BUFFERED_BYTES) {
      connection.close(1013, 'too slow: reconnect and resume');
      return;
    }
    connection.send(text);
  }

  /** Sends one event to one subscriber, in order, or asks the log for what it missed. */
  function deliver(
    connection: RealtimeConnection,
    subscription: Subscription,
    topic: string,
    seq: number,
    text: string,
  ) {
    if (subscription.pending) {
      subscription.pending.push({ seq, text });
      return;
    }
    if (seq <= subscription.lastSeq) return;
    if (seq > subscription.lastSeq + 1) {
      // A notification went missing (listener reconnect): replay the gap from the log.
      void catchUp(connection, topic, subscription);
      return;
    }
    subscription.lastSeq = seq;
    send(connection, text);
  }

  async function catchUp(
    connection: RealtimeConnection,
    topic: string,
    subscription: Subscription,
  ): Promise<void> {
    if (subscription.pending) return;
    subscription.pending = [];
    await replayThenRelease(connection, topic, subscription);
  }

  /** Sends what the log has after lastSeq (or a reset), then the live events held meanwhile. */
  async function replayThenRelease(
    connection: RealtimeConnection,
    topic: string,
    subscription: Subscription,
  ) {
    try {
      const { events, complete } = await eventLog.readAfter(topic, subscription.lastSeq);
      if (!complete) {
        const head = await eventLog.head(topic);
        subscription.lastSeq = head;
        send(connection, JSON.stringify({ type: 'reset', topic, seq: head } satisfies ServerMessage));
      } else {
        for (const event of events) {
          subscription.lastSeq = event.seq;
          send(connection, eventText(event));
        }
      }
    } finally {
      release(connection, topic, subscription);
    }
  }

  /** Ends a catch-up: the live events held meanwhile go out, skipping what was already sent. */
  function release(connection: RealtimeConnection, topic: string, subscription: Subscription): void {
    const pending = subscription.pending ?? [];
    subscription.pending = null;
    for (const item of pending) deliver(connection, subscription, topic, item.seq, item.text);
  }

  async function flush(): Promise<void> {
    flushScheduled = false;
    const keys = queued;
    queued = [];
    if (keys.length === 0) return;
    try {
      const events = await eventLog.readMany(keys);
      for (const event of events) {
        const local = subscribers.get(event.topic);
        if (!local) continue;
        const text = eventText(event);
        for (const [connection, subscription] of local)
          deliver(connection, subscription, event.topic, event.seq, text);
      }
    } catch (error) {
      logger.error({ err: error }, 'realtime: could not read notified events');
    }
  }

  function onNotification(payload: string): void {
    const separator = payload.lastIndexOf('|');
    const topic = payload.slice(0, separator);
    if (!subscribers.has(topic)) return;
    queued.push({ topic, seq: Number(payload.slice(separator + 1)) });
    if (!flushScheduled) {
      flushScheduled = true;
      // Batch the notifications that arrive together into one read.
      setImmediate(() => void flush());
    }
  }

  function resyncAll(): void {
    for (const [topic, local] of subscribers) {
      for (const [connection, subscription] of local) void catchUp(connection, topic, subscription);
    }
  }

  return {
    async start(): Promise<void> {
      stopListening = await db.listen(REALTIME_CHANNEL, onNotification, resyncAll);
      eventLog.start();
      pruneTimer = setInterval(() => void eventLog.prune().catch(() => {}), 60 * 60 * 1000);
      pruneTimer.unref();
    },

    async stop(): Promise<void> {
      clearInterval(pruneTimer);
      await eventLog.stop();
      await stopListening?.();
      stopListening = null;
    },

    /** Subscribes from `after` (replaying what was missed) or from the current head when null. */
    async subscribe(connection: RealtimeConnection, topic: string, after: number | null): Promise<void> {
      let local = subscribers.get(topic);
      if (!local) {
        local = new Map();
        subscribers.set(topic, local);
      }
      // Subscribing again (after a reset, or with another `after`) starts the topic afresh.
      if (local.has(connection)) local.delete(connection);
      // Held from the start: events notified while we read the log wait in `pending`.
      const subscription: Subscription = { lastSeq: after ?? 0, pending: [] };
      local.set(connection, subscription);
      let topicsOfConnection = connectionTopics.get(connection);
      if (!topicsOfConnection) {
        topicsOfConnection = new Set();
        connectionTopics.set(connection, topicsOfConnection);
      }
      topicsOfConnection.add(topic);
      const subscribed = () =>
        send(
          connection,
          JSON.stringify({ type: 'subscribed', topic, seq: subscription.lastSeq } satisfies ServerMessage),
        );
      if (after !== null) {
        subscribed();
        await replayThenRelease(connection, topic, subscription);
        return;
      }
      // From now on: live events are held from before the head is read, so none numbered after
      // it is missed, and there is nothing to replay.
      try {
        subscription.lastSeq = await eventLog.head(topic);
      } catch (error) {
        this.unsubscribe(connection, topic);
        throw error;
      }
      subscribed();
      release(connection, topic, subscription);
    },

    unsubscribe(connection: RealtimeConnection, topic: string): void {
      const local = subscribers.get(topic);
      local?.delete(connection);
      if (local?.size === 0) subscribers.delete(topic);
      connectionTopics.get(connection)?.delete(topic);
    },

    disconnect(connection: RealtimeConnection): void {
      for (const topic of connectionTopics.get(connection) ?? []) {
        const local = subscribers.get(topic);
        local?.delete(connection);
        if (local?.size === 0) subscribers.delete(topic);
      }
      connectionTopics.delete(connection);
    },

    subscriptionCount(connection: RealtimeConnection): number {
      return connectionTopics.get(connection)?.size ?? 0;
    },

    stats() {
      let subscriptions = 0;
      for (const local of subscribers.values()) subscriptions += local.size;
      return { topics: subscribers.size, subscriptions };
    },
  };
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
