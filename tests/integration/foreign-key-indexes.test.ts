import { randomUUID } from 'node:crypto';
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
const READ_WHOLE_WHEN_A_BUSINESS_IS_ERASED = [
  // A business's own rows, removed with it (npm run admin -- delete-company): a few reads of each
  // table per business erased (its count, the cascade, the delete by name), where an index by
  // business would cost every chat message, text, push subscription and webhook its write.
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
          and not exists (
            -- A partial index serves the key's lookup (col = $1) only when that implies its
            -- condition: none, or the first column not null.
            select 1 from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
             where i.indrelid = c.conrelid and i.indkey[0] = any (c.conkey)
               and (i.indpred is null
                    or pg_get_expr(i.indpred, i.indrelid) = '(' || quote_ident(a.attname) || ' IS NOT NULL)'))`,
    );
    expect(rows.map((row) => row.key).sort()).toEqual([...READ_WHOLE_WHEN_A_BUSINESS_IS_ERASED].sort());
  });
});

describe.each(databaseKinds)('removing rows others point at, on %s', (kind) => {
  let database: TestDatabase;
  const erased = 'erased-salon';
  const erasedDesk = randomUUID();

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const { db } = database;
    await seedDemoCompany(db);
    // The demo business talks with 1,500 customers and has 3,000 bookings and 1,500 notes; a
    // business to erase has 300 visits, 4 providers, and a desk account that booked 40 of its
    // appointments and wrote 40 notes.
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
    await db.query(
      `insert into appointments (id, company_id, provider_id, service_type, name, starts_at, duration_minutes,
                                 idempotency_key)
       select gen_random_uuid(), $1, (select id from providers where company_id = $1 order by id limit 1),
              'Haircut', 'Guest', now() + g * interval '1 hour', 30, 'demo-' || g
         from generate_series(1, 3000) g`,
      [DEMO_COMPANY_ID],
    );
    await db.query(
      `insert into customer_notes (company_id, phone_number, note)
       select $1, '+1555' || lpad(g::text, 7, '0'), 'Likes it short' from generate_series(1, 1500) g`,
      [DEMO_COMPANY_ID],
    );
    await db.query(
      `insert into staff_users (id, company_id, email, name, password_hash, role)
       values ($1, $2, 'desk@erased.test', 'Desk', 'never signs in', 'front_desk')`,
      [erasedDesk, erased],
    );
    await db.query(
      `insert into appointments (id, company_id, provider_id, service_type, name, starts_at, duration_minutes,
                                 idempotency_key, booked_by)
       select gen_random_uuid(), $1, (select id from providers where company_id = $1 order by id limit 1),
              'Haircut', 'Guest', now() + g * interval '1 hour', 30, 'erased-' || g, $2
         from generate_series(1, 40) g`,
      [erased, erasedDesk],
    );
    await db.query(
      `insert into customer_notes (company_id, phone_number, note, updated_by)
       select $1, '+1555' || lpad(g::text, 7, '0'), 'Regular', $2 from generate_series(1, 40) g`,
      [erased, erasedDesk],
    );
    await db.query('analyze');
  });
  afterAll(async () => database?.close());

  it("removes a staff account reading none of the business's bookings or notes whole, and unlinks them", async () => {
    const { db } = database;
    const { seqScans } = await countSequentialScansOf(db, ['appointments', 'customer_notes'], (tx) =>
      tx.query('delete from staff_users where id = $1', [erasedDesk]),
    );
    expect(seqScans).toEqual({ appointments: 0, customer_notes: 0 });
    const { rows } = await db.query<{ booked: number; noted: number }>(
      `select (select count(*)::int from appointments where company_id = $1 and booked_by is null) as booked,
              (select count(*)::int from customer_notes where company_id = $1 and updated_by is null) as noted`,
      [erased],
    );
    expect(rows[0]).toEqual({ booked: 40, noted: 40 });
  });

  it('erases a business reading chat messages and visits whole a fixed number of times, not once per visit or provider', async () => {
    const { db } = database;
    const { result: erasedRows, seqScans } = await countSequentialScansOf(
      db,
      ['chat_messages', 'wait_entries', 'appointments'],
      // The erase's own transaction is the counting one.
      (tx) => createCompanyAdminRepository({ ...db, transaction: (work) => work(tx) }).eraseCompany(erased),
    );
    expect(erasedRows?.rows).toContainEqual({ table: 'wait_entries', rows: 300 });
    expect(erasedRows?.rows).toContainEqual({ table: 'appointments', rows: 40 });
    // Counting its rows, the cascade from companies and the delete by name: once each at most.
    expect(seqScans.chat_messages).toBeLessThanOrEqual(3);
    expect(seqScans.wait_entries).toBeLessThanOrEqual(3);
    expect(seqScans.appointments).toBeLessThanOrEqual(3);
  });
});
