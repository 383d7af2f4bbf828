import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/database.ts';
import type { LastGoodBackupAt } from '../health/readiness.ts';

/** Request latency: a page or a join answers in milliseconds; above 10 s the client gave up. */
const REQUEST_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Event delivery: tens of milliseconds when healthy, seconds when the database is struggling. */
const DELIVERY_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** Requests that matched no route share one label, so no address a client makes up becomes a series. */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * How a customer's join ended: `reason` is the refusal's error code (errors.ts) or, for a failure
 * of the server, UNAVAILABLE or INTERNAL: a bounded set either way.
 */
export type CountedJoin =
  | { outcome: 'joined' | 'repeated' }
  | { outcome: 'refused' | 'failed'; reason: string };

/**
 * This app's Prometheus metrics (docs/operations.md), in a registry of its own: tests build many
 * apps in one process, and the default global registry would mix them (or refuse the second).
 * Built only when METRICS_TOKEN is set; everything that counts takes it as optional.
 */
export function createMetrics(deps: {
  db: Database;
  openSockets: () => number;
  realtimeListening: () => boolean;
  lastGoodBackupAt?: LastGoodBackupAt | undefined;
}) {
  const { db } = deps;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestSeconds = new Histogram({
    name: 'checkn_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status: latency in seconds (its _count counts them).',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_SECONDS_BUCKETS,
    registers: [registry],
  });
  const joins = new Counter({
    name: 'checkn_joins_total',
    help: "Customers' joins (walk-in and add-client): joined, repeated (a retry of one that landed), refused or failed (reason: the error code).",
    labelNames: ['outcome', 'reason'] as const,
    registers: [registry],
  });
  const deliveryLag = new Histogram({
    name: 'checkn_realtime_delivery_lag_seconds',
    help: 'Seconds until an event reaches this process\'s sockets: from when its change asked for it to be numbered (path="numbered_here") or from the notification of another process (path="notified").',
    labelNames: ['path'] as const,
    buckets: DELIVERY_SECONDS_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'checkn_realtime_open_sockets',
    help: 'WebSocket connections open on this process.',
    registers: [registry],
    collect() {
      this.set(deps.openSockets());
    },
  });
  new Gauge({
    name: 'checkn_realtime_listener_up',
    help: "1 while the database's notifications reach this process, 0 while its listening connection reconnects.",
    registers: [registry],
    collect() {
      this.set(deps.realtimeListening() ? 1 : 0);
    },
  });
  new Gauge({
    name: 'checkn_texts_last_24h',
    help: 'Text messages created in the last 24 hours, by direction and current status (one grouped query per scrape).',
    labelNames: ['direction', 'status'] as const,
    registers: [registry],
    async collect() {
      // sms_messages_created (migrations/0014) bounds the read to one day of texts.
      const { rows } = await db.query<{ direction: string; status: string; count: number }>(
        `select direction, status, count(*)::int as count from sms_messages
          where created_at > now() - interval '24 hours' group by direction, status`,
      );
      this.reset();
      for (const row of rows) this.set({ direction: row.direction, status: row.status }, row.count);
    },
  });
  const load = db.load?.bind(db);
  if (load) {
    new Gauge({
      name: 'checkn_database_pool_connections',
      help: "PostgreSQL only: the pool's connections, busy or idle.",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const now = load();
        if (now.kind !== 'postgres') return;
        this.set({ state: 'busy' }, now.connections - now.idleConnections);
        this.set({ state: 'idle' }, now.idleConnections);
      },
    });
    new Gauge({
      name: 'checkn_database_waiting_queries',
      help: "Queries waiting: for a pool connection (PostgreSQL), or sent to the embedded database's thread and not yet answered (PGlite).",
      registers: [registry],
      collect() {
        const now = load();
        this.set(now.kind === 'postgres' ? now.waitingQueries : now.queuedStatements);
      },
    });
  }
  const lastGoodBackupAt = deps.lastGoodBackupAt;
  if (lastGoodBackupAt) {
    new Gauge({
      name: 'checkn_last_good_backup_timestamp_seconds',
      help: 'When the last good backup finished (Unix time); absent until there is one.',
      registers: [registry],
      async collect() {
        const at = await lastGoodBackupAt();
        this.reset();
        if (at) this.set(at.getTime() / 1000);
      },
    });
  }

  return {
    registry,

    /** One hook for every request; no await and no database work on the way out. */
    timeRequests(app: FastifyInstance): void {
      app.addHook('onResponse', (request, reply, done) => {
        requestSeconds.observe(
          {
            method: request.method,
            route: request.routeOptions.url ?? UNMATCHED_ROUTE,
            status: String(reply.statusCode),
          },
          reply.elapsedTime / 1000,
        );
        done();
      });
    },

    countJoin(join: CountedJoin): void {
      joins.inc({ outcome: join.outcome, reason: 'reason' in join ? join.reason : '' });
    },

    observeDeliveryLag(path: 'numbered_here' | 'notified', seconds: number): void {
      deliveryLag.observe({ path }, seconds);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
