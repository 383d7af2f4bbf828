/**
 * The realtime bench's businesses, staff sessions, customers and wait entries, written straight
 * into a fresh database (after the server's own migrations) before any server starts: signing in
 * thousands of people over HTTP would measure sign-in, not realtime.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/open-database.ts';
import { chatThreadKeyFor } from '../src/server/features/wait-list/wait-list.service.ts';
import { hashSecretToken, newSecretToken } from '../src/server/http/secret-token.ts';

export interface SeededStaff {
  companyId: string;
  /** The `checkn_staff` cookie value; only its SHA-256 is stored, as sign-in does. */
  cookie: string;
  csrf: string;
}

export interface SeededEntry {
  companyId: string;
  customerId: string;
  /** The customer's bearer token (43 characters of base64url), for the socket's auth message. */
  token: string;
  waitId: string;
  threadKey: string;
}

export interface SeededBusiness {
  id: string;
  accountId: string;
  staff: SeededStaff;
  entries: SeededEntry[];
}

/** A signed-in customer who is in no line yet (the workers bench's joiners). */
export interface SeededCustomer {
  customerId: string;
  token: string;
}

export interface Seed {
  /** Each with one staff session and `customersPerBusiness` customers waiting. */
  businesses: SeededBusiness[];
  /** One more business for the 1,000-subscriber board: its entries only get called. */
  board: SeededBusiness;
  /** The board business offers this service, so customers can join its line; null: it offers none. */
  boardService: string | null;
  customers: SeededCustomer[];
}

function buildBusiness(id: string, entries: number): SeededBusiness {
  const accountId = randomUUID();
  return {
    id,
    accountId,
    staff: { companyId: id, cookie: newSecretToken(), csrf: randomBytes(24).toString('base64url') },
    entries: Array.from({ length: entries }, () => {
      const customerId = randomUUID();
      return {
        companyId: id,
        customerId,
        token: newSecretToken(),
        waitId: randomUUID(),
        threadKey: chatThreadKeyFor(accountId, customerId),
      };
    }),
  };
}

export function buildSeed(
  businesses: number,
  customersPerBusiness: number,
  boardEntries: number,
  joiners?: { service: string; customers: number },
): Seed {
  return {
    businesses: Array.from({ length: businesses }, (_, index) =>
      buildBusiness(`rt-${String(index).padStart(4, '0')}`, customersPerBusiness),
    ),
    board: buildBusiness('rt-board', boardEntries),
    boardService: joiners?.service ?? null,
    customers: Array.from({ length: joiners?.customers ?? 0 }, () => ({
      customerId: randomUUID(),
      token: newSecretToken(),
    })),
  };
}

/**
 * Migrates the database the server will use (PGlite folder or PostgreSQL URL) with the server's
 * own code, inserts the seed in one transaction, and closes it again (releasing PGlite's folder lock).
 */
export async function writeSeed(target: { dataDir: string } | { databaseUrl: string }, seed: Seed) {
  const config = loadConfig(
    'dataDir' in target ? { DATA_DIR: target.dataDir } : { DATABASE_URL: target.databaseUrl },
  );
  const database = await openDatabase(config);
  try {
    const all = [...seed.businesses, seed.board];
    const entries = all.flatMap((business) => business.entries);
    const staffIds = all.map(() => randomUUID());
    await database.db.transaction(async (tx) => {
      await tx.query(
        `insert into companies (id, account_id, name)
         select id, account_id, 'Bench Salon ' || id from unnest($1::text[], $2::uuid[]) as c (id, account_id)`,
        [all.map((business) => business.id), all.map((business) => business.accountId)],
      );
      await tx.query(
        `insert into staff_users (id, company_id, email, name, password_hash, role)
         select id, company_id, 'owner@' || company_id || '.bench.test', 'Bench Owner', 'bench: never signs in', 'owner'
           from unnest($1::uuid[], $2::text[]) as u (id, company_id)`,
        [staffIds, all.map((business) => business.id)],
      );
      await tx.query(
        `insert into staff_sessions (token_hash, staff_user_id, csrf_token, expires_at)
         select token_hash, staff_user_id, csrf_token, now() + interval '1 day'
           from unnest($1::text[], $2::uuid[], $3::text[]) as s (token_hash, staff_user_id, csrf_token)`,
        [
          all.map((business) => hashSecretToken(business.staff.cookie)),
          staffIds,
          all.map((business) => business.staff.csrf),
        ],
      );
      const customers = [...entries, ...seed.customers];
      await tx.query('insert into customers (id, token_hash) select * from unnest($1::uuid[], $2::text[])', [
        customers.map((customer) => customer.customerId),
        customers.map((customer) => hashSecretToken(customer.token)),
      ]);
      if (seed.boardService) {
        await tx.query(
          `insert into services (company_id, name, position, duration_minutes) values ($1, $2, 0, 30)`,
          [seed.board.id, seed.boardService],
        );
      }
      await tx.query(
        `insert into wait_entries
           (id, company_id, customer_id, idempotency_key, service_type, name, phone_number, chat_thread_key)
         select id, company_id, customer_id, 'bench-' || id, 'Facials', 'Bench Guest',
                -- A number each: one number joins a business at most a few times an hour (migrations/0006).
                '+1212' || (2000000 + ord)::text, thread_key
           from unnest($1::uuid[], $2::text[], $3::uuid[], $4::text[]) with ordinality
             as w (id, company_id, customer_id, thread_key, ord)`,
        [
          entries.map((entry) => entry.waitId),
          entries.map((entry) => entry.companyId),
          entries.map((entry) => entry.customerId),
          entries.map((entry) => entry.threadKey),
        ],
      );
    });
  } finally {
    await database.close();
  }
}
