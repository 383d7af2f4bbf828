import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWaitListRepository } from '../../src/server/features/wait-list/wait-list.repository.ts';
import { DEMO_COMPANY_ID, DEMO_PROVIDER, seedDemoCompany } from '../../src/server/seed/demo.ts';
import { countSequentialScans } from '../support/sequential-scans.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/test-database.ts';

/**
 * Reading a visit (`findById`: every chat message, call and status change reads one) names who
 * answers its conversation. That lookup read every staff account of every business on the
 * install: a condition with an OR and no index on staff_users but its primary key and email. On a
 * many-business install (the bench's 500 salons) it was a third of that read's time, and it grew
 * with each business added. Counted, not timed: the sequential scans of staff_users.
 */
describe.each(databaseKinds)('who answers a visit, looked up by key on %s', (kind) => {
  let database: TestDatabase;
  let providerId: string;
  let providerStaffId: string;
  let deskStaffId: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const { db } = database;
    await seedDemoCompany(db);
    // Two hundred other salons with ten staff each, and statistics that say so.
    await db.query(
      `insert into companies (id, account_id, name)
       select 'other-' || g, gen_random_uuid(), 'Other Salon ' || g from generate_series(1, 200) g`,
    );
    await db.query(
      `insert into staff_users (id, company_id, email, name, password_hash, role)
       select gen_random_uuid(), 'other-' || (g % 200 + 1), 'staff' || g || '@other.test', 'Staff ' || g,
              'never signs in', 'front_desk'
         from generate_series(1, 2000) g`,
    );
    // And two thousand visits there, for removing an account.
    await db.query(
      `insert into customers (id, token_hash) select gen_random_uuid(), 'earlier-' || g from generate_series(1, 2000) g`,
    );
    await db.query(
      `insert into wait_entries (id, company_id, customer_id, idempotency_key, service_type, name, phone_number,
                                 allow_sms, chat_thread_key, origin, date, status)
       select gen_random_uuid(), 'other-' || (row_number() over () % 200 + 1), c.id, c.token_hash, 'Haircut', 'Guest',
              null, false, 'thread-' || c.id, 'walk_in', now() - interval '2 days', 'done'
         from customers c where c.token_hash like 'earlier-%'`,
    );
    await db.query('analyze staff_users');
    await db.query('analyze wait_entries');
    const staff = await db.query<{ id: string; email: string; providerId: string | null }>(
      `select id, email, provider_id as "providerId" from staff_users where company_id = $1`,
      [DEMO_COMPANY_ID],
    );
    const provider = staff.rows.find((row) => row.email === DEMO_PROVIDER.email)!;
    providerId = provider.providerId!;
    providerStaffId = provider.id;
    deskStaffId = staff.rows.find((row) => row.providerId === null && row.email !== DEMO_PROVIDER.email)!.id;
  });
  afterAll(async () => database?.close());

  async function visit(answererId: string | null, ofProvider = providerId): Promise<string> {
    const customerId = randomUUID();
    await database.db.query('insert into customers (id, token_hash) values ($1, $2)', [
      customerId,
      randomUUID(),
    ]);
    const id = randomUUID();
    await database.db.query(
      `insert into wait_entries (id, company_id, customer_id, idempotency_key, service_type, name, phone_number,
                                 allow_sms, chat_thread_key, origin, provider_id, chat_answerer_id)
       values ($1, $2, $3, 'k', 'Facials', 'Guest', null, false, $4, 'walk_in', $5, $6)`,
      [id, DEMO_COMPANY_ID, customerId, `${ofProvider}-${customerId}`, ofProvider, answererId],
    );
    return id;
  }

  /** The visit as findById reads it, and how many times that read went through staff_users whole. */
  async function readCountingScans(waitId: string) {
    const { result: entry, seqScans } = await countSequentialScans(database.db, 'staff_users', (tx) =>
      createWaitListRepository(database.db).findById(waitId, tx),
    );
    return { entry, seqScans };
  }

  it("names the provider's own account when nobody took the conversation over", async () => {
    const { entry, seqScans } = await readCountingScans(await visit(null));
    expect(entry).toMatchObject({ chatHolderId: providerStaffId, chatHolderName: DEMO_PROVIDER.name });
    expect(entry!.chatHolderProviderId).toBe(providerId);
    expect(seqScans).toBe(0);
  });

  it('names whoever took the conversation over', async () => {
    const { entry, seqScans } = await readCountingScans(await visit(deskStaffId));
    expect(entry).toMatchObject({ chatHolderId: deskStaffId, chatHolderProviderId: null });
    expect(seqScans).toBe(0);
  });

  // A visit's provider is of its own business (migration 0046): the answerer, a provider's
  // account, is looked for in that business, and a visit cannot point elsewhere.
  it("refuses a visit that points at another business's provider", async () => {
    const { db } = database;
    const elsewhere = randomUUID();
    await db.query(`insert into providers (id, company_id, name) values ($1, 'other-1', 'Elsewhere')`, [
      elsewhere,
    ]);
    await expect(visit(null, elsewhere)).rejects.toThrow(/wait_entries_provider/);
  });

  it('removes an account without reading every visit, and its conversations go back to nobody', async () => {
    const { db } = database;
    const answered = await visit(deskStaffId);
    const { seqScans } = await countSequentialScans(db, 'wait_entries', (tx) =>
      tx.query('delete from staff_users where id = $1', [deskStaffId]),
    );
    expect(seqScans).toBe(0);
    const { rows } = await db.query<{ answerer: string | null }>(
      'select chat_answerer_id as answerer from wait_entries where id = $1',
      [answered],
    );
    expect(rows).toEqual([{ answerer: null }]);
  });
});
