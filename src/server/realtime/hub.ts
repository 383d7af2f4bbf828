import type { FastifyBaseLogger } from 'fastify';
import { ACCESS_CHANGED_EVENT, type ServerMessage } from '../../shared/realtime.ts';
import type { Database } from '../db/database.ts';
import { type EventLog, REALTIME_CHANNEL, type RealtimeEvent } from './event-log.ts';
import { type EncodedEvent, encodeTextFrame } from './text-frame.ts';

/** One open socket, as the hub sees it. */
export interface RealtimeConnection {
  /** A text message of this connection alone. */
  send(text: string): void;
  /** An event encoded once for all its subscribers (text-frame.ts). */
  sendEncoded(event: EncodedEvent): void;
  /** Bytes queued but not yet written: a client too slow to keep up is dropped and resumes later. */
  bufferedAmount(): number;
  close(code: number, reason: string): void;
  /**
   * How this connection sees an event, when not as everyone does (a provider sees other providers'
   * customers' numbers hidden: wait-list/board-view.ts). Such a connection's events are encoded
   * for it alone; the others share one frame.
   */
  readonly view?: ((event: RealtimeEvent) => RealtimeEvent) | undefined;
  /**
   * Whether this connection may still follow `topic`, asked again at each "access.changed" event
   * of the topic before it or anything after it is sent (migration 0017). A connection without it
   * keeps what it was allowed at subscribe.
   */
  mayStillFollow?(topic: string): Promise<boolean>;
}

/** A live event on its way to one subscriber. */
interface Delivery {
  seq: number;
  message: EncodedEvent;
  /** Who may follow the topic may have changed with this event: asked again before it goes out. */
  changesAccess: boolean;
}

interface Subscription {
  lastSeq: number;
  /** While catching up from the log, live events wait here so none is sent twice or out of order. */
  pending: Delivery[] | null;
  /** Another catch-up was asked for during this one: its read may predate what prompted it. */
  replayAgain?: boolean;
}

/** This process's subscribers of one topic. */
interface TopicSubscribers {
  connections: Map<RealtimeConnection, Subscription>;
  /** The last seq this process numbered itself and already delivered: its notification is skipped. */
  numberedHere: number;
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
 * Delivers numbered events to this process's sockets. The events this process numbered come
 * straight from its sequencer (event-log.ts); for the others every process LISTENs to the database
 * (the same path for PGlite and PostgreSQL) and reads each notified event once. Each event is
 * serialised and framed once, and the same bytes go to every local subscriber of its topic.
 */
export function createRealtimeHub(deps: {
  db: Database;
  eventLog: EventLog;
  logger: FastifyBaseLogger;
  /** Seconds from another process's notification arriving to its events handed to the sockets. */
  observeNotifiedLag?: (seconds: number) => void;
  /** Told each event before it goes out (test apps check it against its topic's schema). */
  checkEvent?: (event: RealtimeEvent) => void;
}) {
  const { db, eventLog, logger } = deps;
  /** Whether the database's notifications reach this process (readiness): false while reconnecting. */
  let listening = false;
  /** When the oldest queued notification arrived (performance.now()). */
  let queuedAt = 0;
  const subscribers = new Map<string, TopicSubscribers>();
  const connectionTopics = new WeakMap<RealtimeConnection, Set<string>>();
  let queued: { topic: string; seq: number }[] = [];
  let flushScheduled = false;
  let stopListening: (() => Promise<void>) | null = null;
  let pruneTimer: ReturnType<typeof setInterval> | undefined;

  function send(connection: RealtimeConnection, message: string | EncodedEvent): void {
    if (connection.bufferedAmount() > MAX_BUFFERED_BYTES) {
      connection.close(1013, 'too slow: reconnect and resume');
      return;
    }
    if (typeof message === 'string') connection.send(message);
    else connection.sendEncoded(message);
  }

  /** Sends one event to one subscriber, in order, or asks the log for what it missed. */
  function deliver(
    connection: RealtimeConnection,
    subscription: Subscription,
    topic: string,
    delivery: Delivery,
  ) {
    if (subscription.pending) {
      subscription.pending.push(delivery);
      return;
    }
    if (delivery.seq <= subscription.lastSeq) return;
    if (delivery.seq > subscription.lastSeq + 1) {
      // A notification went missing (listener reconnect): replay the gap from the log.
      catchUp(connection, topic, subscription);
      return;
    }
    if (delivery.changesAccess && connection.mayStillFollow) {
      // Held from here: nothing of this topic reaches the socket until its access is known again.
      subscription.pending = [];
      void recheckThenRelease(connection, topic, subscription, delivery);
      return;
    }
    subscription.lastSeq = delivery.seq;
    send(connection, delivery.message);
  }

  /**
   * After an "access.changed" event: the connection gets it, and what followed it, only when it may
   * still follow the topic; otherwise the subscription ends and the client is told.
   */
  async function recheckThenRelease(
    connection: RealtimeConnection,
    topic: string,
    subscription: Subscription,
    delivery: Delivery,
  ): Promise<void> {
    let allowed: boolean;
    try {
      allowed = (await connection.mayStillFollow?.(topic)) ?? true;
    } catch (error) {
      dropToResume(connection, error);
      return;
    }
    // Subscribed again meanwhile: that subscription was checked, and this one is gone.
    if (subscribers.get(topic)?.connections.get(connection) !== subscription) return;
    if (!allowed) {
      revoke(connection, topic);
      return;
    }
    subscription.lastSeq = delivery.seq;
    send(connection, delivery.message);
    if (subscription.replayAgain) void replayThenRelease(connection, topic, subscription);
    else release(connection, topic, subscription);
  }

  /** Ends a subscription its connection may no longer follow, and says so. */
  function revoke(connection: RealtimeConnection, topic: string): void {
    leave(connection, topic);
    connectionTopics.get(connection)?.delete(topic);
    send(
      connection,
      JSON.stringify({ type: 'unsubscribed', topic, code: 'FORBIDDEN' } satisfies ServerMessage),
    );
  }

  function catchUp(connection: RealtimeConnection, topic: string, subscription: Subscription): void {
    if (subscription.pending) {
      subscription.replayAgain = true;
      return;
    }
    subscription.pending = [];
    void replayThenRelease(connection, topic, subscription);
  }

  /**
   * Sends what the log has after lastSeq (or a reset), then the live events held meanwhile. It
   * never rejects: when the log cannot be read (the database is reconnecting), the socket is closed
   * with 1013 "try again later" and the client reconnects and resumes from the last event it got
   * (realtime-client.ts), so nothing is lost and nothing waits on a retry here.
   */
  async function replayThenRelease(
    connection: RealtimeConnection,
    topic: string,
    subscription: Subscription,
  ): Promise<void> {
    try {
      do {
        subscription.replayAgain = false;
        const { events, complete, head } = await readAfterSoon(topic, subscription.lastSeq);
        if (!complete) {
          subscription.lastSeq = head;
          send(connection, JSON.stringify({ type: 'reset', topic, seq: head } satisfies ServerMessage));
        } else {
          // One check per read is enough: it sees who may follow the topic now.
          let rechecked = false;
          for (const event of events) {
            if (event.type === ACCESS_CHANGED_EVENT && connection.mayStillFollow && !rechecked) {
              rechecked = true;
              if (!(await connection.mayStillFollow(topic))) {
                if (subscribers.get(topic)?.connections.get(connection) === subscription)
                  revoke(connection, topic);
                return;
              }
            }
            subscription.lastSeq = event.seq;
            send(connection, eventText(connection.view ? connection.view(event) : event));
          }
        }
      } while (subscription.replayAgain);
      release(connection, topic, subscription);
    } catch (error) {
      dropToResume(connection, error);
    }
  }

  /**
   * Catch-ups of one topic from one seq asked for in the same turn share one read of the log. With
   * WORKERS=2 an event the other process numbered often arrives after the next one numbered here,
   * and every subscriber of the topic sees that gap at once: 1,000 board sockets each reading the
   * log queued behind the joins for seconds (BENCH_ONLY=workers). A read is shared only until it
   * starts, so it always sees what was committed before whatever revealed the gap.
   */
  const scheduledReads = new Map<string, ReturnType<EventLog['readAfter']>>();
  function readAfterSoon(topic: string, after: number): ReturnType<EventLog['readAfter']> {
    const key = `${after} ${topic}`;
    let read = scheduledReads.get(key);
    if (!read) {
      read = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        scheduledReads.delete(key);
        return eventLog.readAfter(topic, after);
      });
      scheduledReads.set(key, read);
    }
    return read;
  }

  /** Ends a socket whose subscription cannot be served now; its client resumes on reconnect. */
  function dropToResume(connection: RealtimeConnection, error: unknown): void {
    logger.warn({ err: error }, 'realtime: could not read the event log; the client will resume');
    disconnect(connection);
    connection.close(1013, 'try again later: reconnect and resume');
  }

  /** Ends a catch-up: the live events held meanwhile go out, skipping what was already sent. */
  function release(connection: RealtimeConnection, topic: string, subscription: Subscription): void {
    const pending = subscription.pending ?? [];
    subscription.pending = null;
    for (const item of pending) deliver(connection, subscription, topic, item);
  }

  function fanOut(events: readonly RealtimeEvent[], numberedHere: boolean): void {
    for (const event of events) {
      deps.checkEvent?.(event);
      const local = subscribers.get(event.topic);
      if (!local) continue;
      if (numberedHere) local.numberedHere = Math.max(local.numberedHere, event.seq);
      const encoded = encodeTextFrame(eventText(event));
      const changesAccess = event.type === ACCESS_CHANGED_EVENT;
      for (const [connection, subscription] of local.connections)
        deliver(connection, subscription, event.topic, {
          seq: event.seq,
          message: connection.view ? encodeTextFrame(eventText(connection.view(event))) : encoded,
          changesAccess,
        });
    }
  }

  function leave(connection: RealtimeConnection, topic: string): void {
    const local = subscribers.get(topic);
    local?.connections.delete(connection);
    if (local?.connections.size === 0) subscribers.delete(topic);
  }

  function disconnect(connection: RealtimeConnection): void {
    for (const topic of connectionTopics.get(connection) ?? []) leave(connection, topic);
    connectionTopics.delete(connection);
  }

  async function flush(): Promise<void> {
    flushScheduled = false;
    const keys = queued;
    const arrivedAt = queuedAt;
    queued = [];
    if (keys.length === 0) return;
    let events: RealtimeEvent[];
    try {
      events = await eventLog.readMany(keys);
    } catch (error) {
      // Those events stay in the log: each subscriber of their topics replays it from its last seq
      // (or, if the log is out of reach too, is closed and resumes), rather than wait for the next
      // event to reveal the gap.
      logger.warn({ err: error }, 'realtime: could not read notified events; replaying from the log');
      for (const topic of new Set(keys.map((key) => key.topic))) {
        for (const [connection, subscription] of subscribers.get(topic)?.connections ?? [])
          catchUp(connection, topic, subscription);
      }
      return;
    }
    fanOut(events, false);
    deps.observeNotifiedLag?.((performance.now() - arrivedAt) / 1000);
  }

  function onNotification(payload: string): void {
    const separator = payload.lastIndexOf('|');
    const topic = payload.slice(0, separator);
    const seq = Number(payload.slice(separator + 1));
    const local = subscribers.get(topic);
    if (!local || seq <= local.numberedHere) return;
    if (queued.length === 0) queuedAt = performance.now();
    queued.push({ topic, seq });
    if (!flushScheduled) {
      flushScheduled = true;
      // Batch the notifications that arrive together into one read.
      setImmediate(() =>
        flush().catch((error: unknown) => logger.error({ err: error }, 'realtime: delivery failed')),
      );
    }
  }

  function resyncAll(): void {
    listening = true;
    for (const [topic, local] of subscribers) {
      for (const [connection, subscription] of local.connections) catchUp(connection, topic, subscription);
    }
  }

  return {
    async start(): Promise<void> {
      eventLog.onNumbered((events) => fanOut(events, true));
      stopListening = await db.listen(REALTIME_CHANNEL, onNotification, resyncAll, () => {
        listening = false;
      });
      listening = true;
      eventLog.start();
      // Once at start too: a server restarted more often than hourly never reached its first prune,
      // and the log's copies of visits (names) outlived their day (docs/privacy.md).
      const prune = () => void eventLog.prune().catch(() => {});
      prune();
      pruneTimer = setInterval(prune, 60 * 60 * 1000);
      pruneTimer.unref();
    },

    async stop(): Promise<void> {
      clearInterval(pruneTimer);
      await eventLog.stop();
      listening = false;
      await stopListening?.();
      stopListening = null;
    },

    /** Subscribes from `after` (replaying what was missed) or from the current head when null. */
    async subscribe(connection: RealtimeConnection, topic: string, after: number | null): Promise<void> {
      let local = subscribers.get(topic);
      if (!local) {
        local = { connections: new Map(), numberedHere: 0 };
        subscribers.set(topic, local);
      }
      // Subscribing again (after a reset, or with another `after`) starts the topic afresh.
      if (local.connections.has(connection)) local.connections.delete(connection);
      // Held from the start: events notified while we read the log wait in `pending`.
      const subscription: Subscription = { lastSeq: after ?? 0, pending: [] };
      local.connections.set(connection, subscription);
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
      let allowed: boolean;
      try {
        subscription.lastSeq = await eventLog.head(topic);
        // Asked again once the head is read: an access change numbered between the caller's
        // check and the head is not sent (it is at or before the head), so it is seen here.
        allowed = (await connection.mayStillFollow?.(topic)) ?? true;
      } catch (error) {
        dropToResume(connection, error);
        return;
      }
      if (!allowed) {
        // A subscription made again meanwhile stands: it is checked on its own.
        if (subscribers.get(topic)?.connections.get(connection) === subscription) revoke(connection, topic);
        return;
      }
      subscribed();
      release(connection, topic, subscription);
    },

    unsubscribe(connection: RealtimeConnection, topic: string): void {
      leave(connection, topic);
      connectionTopics.get(connection)?.delete(topic);
    },

    disconnect,

    subscriptionCount(connection: RealtimeConnection): number {
      return connectionTopics.get(connection)?.size ?? 0;
    },

    /** Whether other processes' events reach this one: the database's notifications are heard. */
    isListening(): boolean {
      return listening;
    },

    stats() {
      let subscriptions = 0;
      for (const local of subscribers.values()) subscriptions += local.connections.size;
      return { topics: subscribers.size, subscriptions };
    },
  };
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
