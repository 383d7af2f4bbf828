import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanyAdminRepository } from '../../src/server/features/company/company-admin.repository.ts';
import { DEMO_COMPANY_ID, seedDemoCompany } from '../../src/server/seed/demo.ts';
import { countSequentialScansOf } from '../support/sequential-scans.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/test-database.ts';

/**
 * PostgreSQL runs a foreign key's on-delete action once per removed row, as a query on the table
 * that points at it. Without an index that query reads that table whole, on every business of the
 * install: erasing a business read every chat message once per visit of it. Every key is found
 * through an index that starts with one of its columns (within one business at worst), except
 * the ones below.
 */
const READ_WHOLE_ONCE_PER_ERASED_BUSINESS = [
  // A business's own rows, removed with it (npm run admin -- delete-company): one read of each
  // table per business erased, where an index by business would cost every chat message, text,
  // push subscription and webhook its write.
  'chat_messages (company_id) -> companies',
  'push_subscriptions (company_id) -> companies',
  'sms_conversations (company_id) -> companies',
  'sms_conversations (sent_to) -> companies',
  'sms_opt_outs (company_id) -> companies',
  'visit_feedback (company_id) -> companies',
  'webhook_deliveries (company_id) -> companies',
];

describe.each(databaseKinds)('foreign keys found through indexes on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it('has an index for every key but the business-wide cascades named above', async () => {
    const { rows } = await database.db.query<{ key: string }>(
      `select c.conrelid::regclass::text || ' (' ||
              array_to_string(array(select a.attname from unnest(c.conkey) k
                                      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k), ', ') ||
              ') -> ' || c.confrelid::regclass::text as key
         from pg_constraint c
        where c.contype = 'f' and c.connamespace = current_schema()::regnamespace
          and not exists (select 1 from pg_index i
                           where i.indrelid = c.conrelid and i.indkey[0] = any (c.conkey))
        order by 1`,
    );
    expect(rows.map((row) => row.key)).toEqual([...READ_WHOLE_ONCE_PER_ERASED_BUSINESS].sort());
  });
});

describe.each(databaseKinds)('removing rows others point at, on %s', (kind) => {
  let database: TestDatabase;
  const erased = 'erased-salon';

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const { db } = database;
    await seedDemoCompany(db);
    // The demo business talks with 1,500 customers; a business to erase has 300 visits, 4
    // providers and a staff account that booked, noted and made a key.
    await db.query(
      `insert into customers (id, token_hash) select gen_random_uuid(), 'demo-' || g from generate_series(1, 1500) g`,
    );
    await db.query(
      `insert into wait_entries (id, company_id, customer_id, idempotency_key, service_type, name, phone_number,
                                 allow_sms, chat_thread_key, origin, date, status)
       select gen_random_uuid(), $1, c.id, c.token_hash, 'Haircut', 'Guest', '+15555550100', false,
              'thread-' || c.id, 'walk_in', now() - interval '2 days', 'done'
         from customers c where c.token_hash like 'demo-%'`,
      [DEMO_COMPANY_ID],
    );
    await db.query(
      `insert into chat_messages (id, thread_key, company_id, wait_id, user_id, user_name, sender, message)
       select gen_random_uuid(), w.chat_thread_key, w.company_id, w.id, w.customer_id::text, 'Guest', 'customer',
              'Message ' || g
         from wait_entries w, generate_series(1, 2) g where w.company_id = $1`,
      [DEMO_COMPANY_ID],
    );
    await db.query(
      `insert into companies (id, account_id, name) values ($1, gen_random_uuid(), 'Erased Salon')`,
      [erased],
    );
    await db.query(
      `insert into providers (id, company_id, name) select gen_random_uuid(), $1, 'Provider ' || g from generate_series(1, 4) g`,
      [erased],
    );
    await db.query(
      `insert into customers (id, token_hash) select gen_random_uuid(), 'erased-' || g from generate_series(1, 300) g`,
    );
    await db.query(
      `insert into wait_entries (id, company_id, customer_id, idempotency_key, service_type, name, phone_number,
                                 allow_sms, chat_thread_key, origin, date, status, provider_id)
       select gen_random_uuid(), $1, c.id, c.token_hash, 'Haircut', 'Guest', '+15555550101', false,
              'thread-' || c.id, 'walk_in', now() - interval '1 day', 'done',
              (select id from providers where company_id = $1 order by id limit 1)
         from customers c where c.token_hash like 'erased-%'`,
      [erased],
    );
    await db.query('analyze');
  });
  afterAll(async () => database?.close());

  it('erases a business reading chat messages and visits whole a fixed number of times, not once per visit or provider', async () => {
    const { db } = database;
    const { result: erasedRows, seqScans } = await countSequentialScansOf(
      db,
      ['chat_messages', 'wait_entries'],
      // The erase's own transaction is the counting one.
      (tx) => createCompanyAdminRepository({ ...db, transaction: (work) => work(tx) }).eraseCompany(erased),
    );
    expect(erasedRows?.rows).toContainEqual({ table: 'wait_entries', rows: 300 });
    // Counting its rows, the cascade from companies and the delete by name: once each at most.
    expect(seqScans.chat_messages).toBeLessThanOrEqual(3);
    expect(seqScans.wait_entries).toBeLessThanOrEqual(3);
  });
});
