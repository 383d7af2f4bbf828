import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from '../../../shared/schemas.ts';
import type { Database } from '../../db/database.ts';
import { collectDatabaseThreadGarbage } from '../../db/pglite.ts';
import { withSchemas } from '../../http/route-schemas.ts';

/**
 * Only with BENCH_ROUTES=1 (npm run bench): the baseline that joins are compared with, one plain
 * single-row insert per HTTP request through the same server, database and pool; and the
 * server's memory after a full collection.
 */
export async function registerBenchRoutes(app: FastifyInstance, deps: { db: Database }) {
  // With WORKERS > 1 every worker gets here at once, and two concurrent `create table if not
  // exists` collide in the catalog (a unique violation on pg_type): one creates it, the rest wait.
  await deps.db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('bench_raw_inserts'))`);
    await tx.query(
      'create table if not exists bench_raw_inserts (id uuid primary key, payload text not null, created_at timestamptz not null default now())',
    );
  });
  const routes = withSchemas(app);
  // The baseline the joins were always measured against: its body is stored as sent, unchecked.
  routes.post(
    '/api/bench/raw-insert',
    { schema: { response: { 200: z.object({ id: z.string() }) } } },
    async (request) => {
      const id = randomUUID();
      await deps.db.query('insert into bench_raw_inserts (id, payload) values ($1, $2)', [
        id,
        JSON.stringify(request.body ?? {}),
      ]);
      return { id };
    },
  );
  /**
   * The join bench's town (issue 25 item 4): `businesses` salons whose lines hold 5 to 50 people,
   * and one, `bench-long`, whose line holds `longLine`. Written straight into the tables, a few
   * statements each of one kind, before the load; the entries belong to one seeded customer.
   */
  routes.post(
    '/api/bench/seed-lines',
    {
      schema: {
        body: z.object({ businesses: z.number(), longLine: z.number() }),
        response: { 200: z.object({ businesses: z.number(), entries: z.number() }) },
      },
    },
    async (request) => {
      const { businesses, longLine } = request.body;
      const customerId = randomUUID();
      await deps.db.query('insert into customers (id, token_hash) values ($1, $2)', [
        customerId,
        randomUUID(),
      ]);
      await deps.db.query(
        `insert into companies (id, account_id, name, location, time_zone)
       select id, gen_random_uuid(), 'Bench Salon ' || id, '1 Main Street|Springfield|IL|62701', 'America/Chicago'
         from (select 'bench-' || lpad(g::text, 4, '0') as id from generate_series(1, $1::int) g
               union all select 'bench-long') c`,
        [businesses],
      );
      await deps.db.query(
        `insert into services (company_id, name, position, duration_minutes)
       select id, 'Facials', 0, 30 from companies where id like 'bench-%'`,
      );
      // 5 to 50 waiting at each salon (a fixed spread, so runs compare), and the long line.
      await deps.db.query(
        `insert into wait_entries (id, company_id, customer_id, idempotency_key, service_type, name, phone_number,
                                 allow_sms, chat_thread_key, origin, date)
       select gen_random_uuid(), c.id, $1, c.id || '-' || n, 'Facials', 'Seeded Walker', null, false,
              null, 'walk_in', now() - interval '1 hour' + n * interval '1 second'
         from (select id, case when id = 'bench-long' then $2::int else 5 + (hashtext(id) & 1023) % 46 end as line
                 from companies where id like 'bench-%') c
         cross join lateral generate_series(1, c.line) n`,
        [customerId, longLine],
      );
      const { rows } = await deps.db.query<{ entries: number }>(
        `select count(*)::int as entries from wait_entries where customer_id = $1`,
        [customerId],
      );
      return { businesses: businesses + 1, entries: rows[0]?.entries ?? 0 };
    },
  );

  /**
   * Memory after a full collection in every thread (the bench starts the server with --expose-gc):
   * what the open sockets hold, without the garbage their opening left behind.
   */
  routes.post(
    '/api/bench/memory',
    { schema: { response: { 200: z.looseObject({ collected: z.boolean() }) } } },
    async () => {
      await collectDatabaseThreadGarbage(deps.db);
      const collect = (globalThis as { gc?: () => void }).gc;
      // Twice: the first pass runs finalizers whose objects the second one frees.
      collect?.();
      collect?.();
      return { collected: collect !== undefined, ...process.memoryUsage() };
    },
  );
}
