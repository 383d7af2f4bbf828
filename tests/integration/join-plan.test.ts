import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWaitListRepository,
  type NewJoin,
} from '../../src/server/features/wait-list/wait-list.repository.ts';
import { DEMO_COMPANY_ID, seedDemoCompany } from '../../src/server/seed/demo.ts';
import { countSequentialScans } from '../support/sequential-scans.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/test-database.ts';

/**
 * A join's cost must not grow with the visits the database holds. The join statement's trigger
 * that asks whether a chat thread had an earlier visit (migrations/0019, 0035) read the whole of
 * wait_entries on every join statement: at 5,000 visits that was most of the statement's time.
 * Counted, not timed: the sequential scans of wait_entries the join's own transaction made.
 */
describe.each(databaseKinds)('join statement plan on %s', (kind) => {
  let database: TestDatabase;
  const returning: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const { db } = database;
    await seedDemoCompany(db);
    for (let i = 0; i < 20; i++) {
      const id = randomUUID();
      await db.query('insert into customers (id, token_hash) values ($1, $2)', [id, randomUUID()]);
      returning.push(id);
    }
    // Two thousand earlier visits of other customers and of these (a busy month), and statistics
    // that say so, as autovacuum would have them.
    await db.query(
      `insert into customers (id, token_hash)
       select ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'h' || g from generate_series(1, 2000) g`,
    );
    await db.query(
      `insert into wait_entries (id, company_id, customer_id, idempotency_key, service_type, name, phone_number,
                                 allow_sms, chat_thread_key, origin, date, status)
       select gen_random_uuid(), $1, ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'k' || g, 'Haircut',
              'Guest ' || g, '+1555' || lpad(g::text, 7, '0'), false, 'thread-' || g, 'walk_in',
              now() - interval '2 days', 'done'
         from generate_series(1, 2000) g`,
      [DEMO_COMPANY_ID],
    );
    await db.query(
      `insert into wait_entries (id, company_id, customer_id, idempotency_key, service_type, name, phone_number,
                                 allow_sms, chat_thread_key, origin, date, status)
       select gen_random_uuid(), $1, c, 'earlier', 'Haircut', 'Regular', null, false, 'thread-' || c, 'walk_in',
              now() - interval '2 days', 'done'
         from unnest($2::uuid[]) c`,
      [DEMO_COMPANY_ID, returning],
    );
    await db.query('analyze wait_entries');
  });
  afterAll(async () => database?.close());

  const joinOf = (customerId: string): NewJoin => ({
    entry: {
      id: randomUUID(),
      companyId: DEMO_COMPANY_ID,
      customerId,
      idempotencyKey: randomUUID(),
      serviceType: 'Haircut',
      name: 'Regular',
      phoneNumber: null,
      allowSms: false,
      fcmToken: null,
      chatThreadKey: `thread-${customerId}`,
      origin: 'walk_in',
    },
    publish: { boardTopic: `board:${DEMO_COMPANY_ID}`, textId: randomUUID(), text: 'Hi', kind: 'join' },
  });

  it('probes the chat thread index for each returning customer instead of reading every visit', async () => {
    const { db } = database;
    const { result: seen, seqScans } = await countSequentialScans(db, 'wait_entries', async (tx) => {
      const outcomes = await createWaitListRepository(db).insertManyOnceAndPublish(returning.map(joinOf), tx);
      const { rows: events } = await tx.query<{ topic: string }>(
        `select topic from realtime_pending where type = 'access.changed'`,
      );
      return { outcomes, events: events.map((event) => event.topic) };
    });
    expect(seen.outcomes.every((outcome) => 'waitId' in outcome && outcome.created)).toBe(true);
    // Each returning customer's thread is told that its visit changed (what the trigger is for)…
    expect(seen.events.sort()).toEqual(returning.map((id) => `chat:thread-${id}`).sort());
    // …and no statement of the join read wait_entries whole.
    expect(seqScans).toBe(0);
  });

  /**
   * PostgreSQL plans a prepared statement for its values five times and then keeps the generic
   * plan only when it looks no costlier; the join's never did (its rows come as arrays), so it was
   * planned again on every call: most of its database time (docs/benchmarks.md, "The join's plan").
   */
  it('plans the join once and reuses that plan, outside a transaction and inside one', async () => {
    const { db } = database;
    const repository = createWaitListRepository(db);
    const newCustomer = async () => {
      const id = randomUUID();
      await db.query('insert into customers (id, token_hash) values ($1, $2)', [id, randomUUID()]);
      return id;
    };
    for (let call = 0; call < 8; call++) {
      const [outcome] = await repository.insertManyOnceAndPublish([joinOf(await newCustomer())]);
      expect(outcome).toMatchObject({ created: true });
    }
    // Read on the connection the joins ran on: one at a time, they used one (PostgreSQL's pool
    // for generic-plan statements; PGlite has one).
    const { rows } = await db.query<{ genericPlans: number; customPlans: number }>(
      `select generic_plans::int as "genericPlans", custom_plans::int as "customPlans"
         from pg_prepared_statements
        where statement like '%unnest%insert into wait_entries%' and statement not like '%pg_prepared_statements%'`,
      [],
      { genericPlan: true },
    );
    // (The first test's join ran it once more, in its transaction.)
    expect(rows).toHaveLength(1);
    expect(rows[0]!.customPlans).toBe(0);
    expect(rows[0]!.genericPlans).toBeGreaterThanOrEqual(8);

    // In a transaction the setting lasts for the statement only.
    const customerId = await newCustomer();
    const planMode = await db.transaction(async (tx) => {
      await repository.insertManyOnceAndPublish([joinOf(customerId)], tx);
      return (await tx.query<{ mode: string }>(`select current_setting('plan_cache_mode') as mode`)).rows[0]!
        .mode;
    });
    expect(planMode).toBe('auto');
  });
});
