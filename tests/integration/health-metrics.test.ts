import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import type { Database } from '../../src/server/db/database.ts';
import { latestMigrationVersion } from '../../src/server/db/migrate.ts';
import { REALTIME_CHANNEL } from '../../src/server/realtime/event-log.ts';
import { seedDemoCompany } from '../../src/server/seed/demo.ts';
import { readinessSchema } from '../../src/shared/health-schemas.ts';
import { buildJoinRequest, idempotencyKey } from '../support/factories.ts';
import { RealtimeTestClient, realtimeUrl } from '../support/realtime-client.ts';
import { createTestApp, type TestApp, testConfig } from '../support/test-app.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/test-database.ts';

const METRICS_TOKEN = 'test-metrics-token-0123456789';
const POLL_MS = 10;
/** A hang guard for what happens after the answer (numbering, the text worker), not a speed limit. */
const MAX_POLLS = 500;

/** The value of one sample of the exposition text, or undefined when it is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => present[key] === value)) return Number(match[3]);
  }
  return undefined;
}

async function eventually<T>(read: () => Promise<T>, until: (value: T) => boolean): Promise<T> {
  for (let poll = 0; ; poll += 1) {
    const value = await read();
    if (until(value) || poll >= MAX_POLLS) return value;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

describe.each(databaseKinds)('health and metrics on %s', (kind) => {
  describe('with METRICS_TOKEN set', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { env: { METRICS_TOKEN } });
    });
    afterAll(async () => t?.close());

    const scrape = async () => {
      const response = await t.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(response.statusCode).toBe(200);
      return response.body;
    };

    it('answers live with 200 from the process alone', async () => {
      const response = await t.app.inject({ url: '/api/health/live' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
    });

    it('keeps /api/health as the start scripts read it', async () => {
      const response = await t.app.inject({ url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ ok: true, database: kind });
    });

    it('answers ready with 200 and every check, backups not configured', async () => {
      const response = await t.app.inject({ url: '/api/health/ready' });
      expect(response.statusCode).toBe(200);
      expect(readinessSchema.parse(response.json())).toEqual({
        ok: true,
        failing: [],
        checks: {
          database: { ok: true, kind },
          migrations: { ok: true, latest: latestMigrationVersion() },
          realtime: { ok: true },
          backup: { configured: false, lastGoodAt: null, ageSeconds: null },
        },
      });
    });

    it('refuses the metrics without the token, or with a wrong one', async () => {
      for (const authorization of [
        undefined,
        `Bearer ${METRICS_TOKEN}x`,
        `Bearer ${METRICS_TOKEN.slice(1)}`,
        METRICS_TOKEN,
      ]) {
        const response = await t.app.inject({
          url: '/metrics',
          headers: authorization ? { authorization } : {},
        });
        expect(response.statusCode).toBe(401);
        expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(response.json()).toMatchObject({ error: { code: 'METRICS_TOKEN_INVALID' } });
        expect(response.body).not.toContain('checkn_');
      }
    });

    it('times requests by route pattern and status, never by the address asked', async () => {
      const landing = await t.app.inject({ url: '/api/v1/companies/demo/walk-in' });
      expect(landing.statusCode).toBe(200);
      const missing = await t.app.inject({ url: '/api/v1/companies/no-such-salon/walk-in' });
      expect(missing.statusCode).toBe(404);
      const response = await t.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      const text = response.body;
      const route = '/api/v1/companies/:companyId/walk-in';
      expect(
        sample(text, 'checkn_http_request_duration_seconds_count', { method: 'GET', route, status: '200' }),
      ).toBeGreaterThanOrEqual(1);
      expect(
        sample(text, 'checkn_http_request_duration_seconds_bucket', {
          method: 'GET',
          route,
          status: '404',
          le: '+Inf',
        }),
      ).toBe(1);
      expect(text).not.toContain('no-such-salon');
    });

    it('counts joins, and texts by status from the database', async () => {
      const before = sample(await scrape(), 'checkn_joins_total', { outcome: 'joined', reason: '' }) ?? 0;
      const { authorization } = await t.signIn();
      const key = idempotencyKey();
      const join = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/companies/demo/wait-list',
          headers: { authorization, 'idempotency-key': key },
          payload: buildJoinRequest({ phoneNumber: '+14155550177', allowSms: true }),
        });
      expect((await join()).statusCode).toBe(201);
      expect((await join()).statusCode).toBeLessThan(300);
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/v1/companies/demo/wait-list',
        headers: { authorization, 'idempotency-key': idempotencyKey() },
        payload: buildJoinRequest({ serviceType: 'Not a service here' }),
      });
      expect(refused.statusCode).toBe(400);

      const text = await scrape();
      expect(sample(text, 'checkn_joins_total', { outcome: 'joined', reason: '' })).toBe(before + 1);
      expect(sample(text, 'checkn_joins_total', { outcome: 'repeated', reason: '' })).toBe(1);
      expect(sample(text, 'checkn_joins_total', { outcome: 'refused', reason: 'SERVICE_NOT_OFFERED' })).toBe(
        1,
      );

      // The worker may move a text from queued to sent meanwhile: the total by direction stands.
      const { rows } = await t.database.db.query<{ n: number }>(
        `select count(*)::int as n from sms_messages where direction = 'outbound'`,
      );
      expect(rows[0]!.n).toBeGreaterThanOrEqual(1);
      const outbound = text
        .split('\n')
        .filter((line) => line.startsWith('checkn_texts_last_24h{direction="outbound"'))
        .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
      expect(outbound).toBe(rows[0]!.n);
    });

    it('measures event delivery after a change', async () => {
      const text = await eventually(
        scrape,
        (body) =>
          (sample(body, 'checkn_realtime_delivery_lag_seconds_count', { path: 'numbered_here' }) ?? 0) > 0,
      );
      expect(
        sample(text, 'checkn_realtime_delivery_lag_seconds_count', { path: 'numbered_here' }),
      ).toBeGreaterThan(0);
    });

    it('reports open sockets, the listener and the database load', async () => {
      const client = await RealtimeTestClient.connect(await realtimeUrl(t.app));
      try {
        const text = await scrape();
        expect(sample(text, 'checkn_realtime_open_sockets')).toBe(1);
        expect(sample(text, 'checkn_realtime_listener_up')).toBe(1);
        expect(sample(text, 'checkn_database_waiting_queries')).toBeGreaterThanOrEqual(0);
        if (kind === 'postgres')
          expect(sample(text, 'checkn_database_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(
            0,
          );
        // No backup source given: no backup metric rather than a made-up one.
        expect(text).not.toContain('checkn_last_good_backup_timestamp_seconds');
      } finally {
        client.socket.close();
        await client.closed;
      }
      const after = await eventually(scrape, (body) => sample(body, 'checkn_realtime_open_sockets') === 0);
      expect(sample(after, 'checkn_realtime_open_sockets')).toBe(0);
    });
  });

  describe('without METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind);
    });
    afterAll(async () => t?.close());

    it('has no /metrics at all, token or not', async () => {
      const unknown = await t.app.inject({ url: '/api/no-such-route' });
      for (const headers of [{}, { authorization: `Bearer ${METRICS_TOKEN}` }]) {
        const response = await t.app.inject({ url: '/metrics', headers });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('checkn_');
      }
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('when a dependency is down', () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    const state: { database: 'up' | 'failing' | 'hanging'; lost?: () => void; resync?: () => void } = {
      database: 'up',
    };
    /** Statements held while the database "hangs": they go through once it is back. */
    const held: (() => void)[] = [];
    const setDatabase = (mode: 'up' | 'failing' | 'hanging') => {
      state.database = mode;
      if (mode === 'up') for (const release of held.splice(0)) release();
    };
    const backupAt = new Date(Date.now() - 3_600_000);

    /** The test database, made to fail or hang on demand; its listener's loss is the test's to say. */
    function faultyDatabase(db: Database): Database {
      return {
        ...db,
        kind: db.kind,
        async query<Row>(...args: Parameters<Database['query']>) {
          if (state.database === 'failing')
            throw Object.assign(new Error('terminating connection due to administrator command'), {
              code: '57P01',
            });
          if (state.database === 'hanging') await new Promise<void>((resolve) => held.push(resolve));
          return db.query<Row>(...args);
        },
        transaction: (work) => db.transaction(work),
        exec: (sql) => db.exec(sql),
        listen: (channel, onPayload, onResync, onLost) => {
          if (channel === REALTIME_CHANNEL) {
            state.lost = onLost;
            state.resync = onResync;
          }
          return db.listen(channel, onPayload, onResync, onLost);
        },
        close: () => db.close(),
      };
    }

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      await seedDemoCompany(database.db);
      app = await buildApp({
        config: testConfig({ METRICS_TOKEN }),
        db: faultyDatabase(database.db),
        clientDir: '/nonexistent',
        pollCalendarFeeds: false,
        lastGoodBackupAt: async () => backupAt,
      });
      await app.ready();
    });
    afterAll(async () => {
      setDatabase('up');
      await app?.close();
      await database?.close();
    });

    const ready = async () => {
      const response = await app.inject({ url: '/api/health/ready' });
      return { status: response.statusCode, body: readinessSchema.parse(response.json()) };
    };

    it('reports the last good backup without making it a condition', async () => {
      const { status, body } = await ready();
      expect(status).toBe(200);
      expect(body.checks.backup).toEqual({
        configured: true,
        lastGoodAt: backupAt.toISOString(),
        ageSeconds: expect.any(Number),
      });
      expect(body.checks.backup.ageSeconds).toBeGreaterThanOrEqual(3600);
      const metrics = await app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(sample(metrics.body, 'checkn_last_good_backup_timestamp_seconds')).toBe(
        backupAt.getTime() / 1000,
      );
    });

    it('answers 503 naming the database when it fails', async () => {
      setDatabase('failing');
      try {
        const { status, body } = await ready();
        expect(status).toBe(503);
        expect(body.ok).toBe(false);
        expect(body.failing).toContain('database');
        expect(body.checks.database).toEqual({ ok: false, kind });
        // The process itself is fine: not a reason to restart it.
        expect((await app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
      } finally {
        setDatabase('up');
      }
      expect((await ready()).status).toBe(200);
    });

    it('answers 503 naming the database when it does not answer', async () => {
      setDatabase('hanging');
      try {
        const { status, body } = await ready();
        expect(status).toBe(503);
        expect(body.failing).toContain('database');
      } finally {
        setDatabase('up');
      }
    });

    it('answers 503 naming realtime while the listener reconnects', async () => {
      state.lost?.();
      const down = await ready();
      expect(down.status).toBe(503);
      expect(down.body.failing).toEqual(['realtime']);
      const metrics = await app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(sample(metrics.body, 'checkn_realtime_listener_up')).toBe(0);
      state.resync?.();
      expect((await ready()).status).toBe(200);
    });
  });
});
