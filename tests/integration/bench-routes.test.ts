import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerBenchRoutes } from '../../src/server/features/bench/bench.routes.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

/**
 * The bench's routes write businesses and rows with no sign-in (src/server/features/bench): they
 * exist only when BENCH_ROUTES=1, which `npm run bench` sets and nothing else does.
 */
describe.each(databaseKinds)('bench routes, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('do not exist without BENCH_ROUTES: 404, and nothing is written', async () => {
    for (const [url, payload] of [
      ['/api/bench/raw-insert', { hello: 'world' }],
      ['/api/bench/seed-lines', { businesses: 2, longLine: 5 }],
      ['/api/bench/memory', {}],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url, payload });
      expect(response.statusCode, url).toBe(404);
    }
    const { rows } = await t.database.db.query<{ count: number }>(
      `select count(*)::int as count from companies where id like 'bench-%'`,
    );
    expect(rows[0]?.count).toBe(0);
    const table = await t.database.db.query<{ name: string | null }>(
      `select to_regclass('bench_raw_inserts')::text as name`,
    );
    expect(table.rows[0]?.name).toBeNull();
  });

  it('exist with BENCH_ROUTES=1 (the bench measures through them)', async () => {
    const bench = await createTestApp(kind, { env: { BENCH_ROUTES: '1' } });
    try {
      const response = await bench.app.inject({ method: 'POST', url: '/api/bench/raw-insert', payload: {} });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: expect.any(String) });
    } finally {
      await bench.close();
      await t.database.db.query('drop table if exists bench_raw_inserts');
    }
  });

  // WORKERS=2 under the bench: every worker registers the routes at once on one database, and two
  // concurrent `create table if not exists` collide in the catalog (a worker then exits before it
  // listens, and the primary with it).
  it.runIf(kind === 'postgres')('register from several processes at once on one database', async () => {
    try {
      for (let round = 0; round < 20; round += 1) {
        await t.database.db.query('drop table if exists bench_raw_inserts');
        const apps = [Fastify(), Fastify(), Fastify()];
        try {
          await Promise.all(apps.map((app) => registerBenchRoutes(app, { db: t.database.db })));
        } finally {
          await Promise.all(apps.map((app) => app.close()));
        }
      }
    } finally {
      await t.database.db.query('drop table if exists bench_raw_inserts');
    }
  });
});
