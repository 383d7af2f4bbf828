import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { collectDatabaseThreadGarbage } from '../../db/pglite.ts';

/**
 * Only with BENCH_ROUTES=1 (npm run bench): the baseline that joins are compared with, one plain
 * single-row insert per HTTP request through the same server, database and pool; and the
 * server's memory after a full collection.
 */
export async function registerBenchRoutes(app: FastifyInstance, deps: { db: Database }) {
  await deps.db.query(
    'create table if not exists bench_raw_inserts (id uuid primary key, payload text not null, created_at timestamptz not null default now())',
  );
  app.post('/api/bench/raw-insert', async (request) => {
    const id = randomUUID();
    await deps.db.query('insert into bench_raw_inserts (id, payload) values ($1, $2)', [
      id,
      JSON.stringify(request.body ?? {}),
    ]);
    return { id };
  });
  /**
   * Memory after a full collection in every thread (the bench starts the server with --expose-gc):
   * what the open sockets hold, without the garbage their opening left behind.
   */
  app.post('/api/bench/memory', async () => {
    await collectDatabaseThreadGarbage(deps.db);
    const collect = (globalThis as { gc?: () => void }).gc;
    // Twice: the first pass runs finalizers whose objects the second one frees.
    collect?.();
    collect?.();
    return { collected: collect !== undefined, ...process.memoryUsage() };
  });
}
