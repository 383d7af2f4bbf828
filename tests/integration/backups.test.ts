import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BackupHeader,
  lastGoodBackupAt,
  listTables,
  msUntilHour,
  readBackupHeader,
  restoreBackup,
  TABLES_NOT_BACKED_UP,
  takeBackup,
  verifyBackup,
} from '../../src/server/db/backup.ts';
import { scratchDatabaseFor } from '../../src/server/db/backup-scratch.ts';
import type { Database } from '../../src/server/db/database.ts';
import { listMigrations } from '../../src/server/db/migrate.ts';
import { buildSendMessage, joinAsNewCustomer, sendMessage } from '../support/customer.ts';
import { signInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

/** Each table's rows as one fingerprint: count and md5 of the rows' JSON in order. */
async function fingerprints(db: Database): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of await listTables(db)) {
    if (table === 'schema_migrations') continue;
    const { rows } = await db.query<{ count: number | string; hash: string }>(
      `select count(*) as count,
              md5(coalesce(string_agg(to_jsonb(t)::text, E'\\n' order by to_jsonb(t)::text), '')) as hash
         from "${table}" t`,
    );
    result[table] = `${Number(rows[0]!.count)} ${rows[0]!.hash}`;
  }
  return result;
}

async function sequenceStates(db: Database) {
  const { rows } = await db.query<{ name: string; value: string | null }>(
    `select sequencename as name, last_value::text as value from pg_sequences
      where schemaname = current_schema() order by sequencename`,
  );
  return rows;
}

/**
 * Tables the seed, the join and the messages leave empty get a row each here, so that the round
 * trip carries every table's kinds of values (identity ids, jsonb, dates, arrays of minutes).
 */
async function fillTheOtherTables(db: Database): Promise<void> {
  const provider = "(select id from providers where company_id = 'demo' order by name limit 1)";
  const statements = [
    `insert into api_keys (id, company_id, name, scope, secret_hash, hint, created_by)
       values (gen_random_uuid(), 'demo', 'Front desk POS', 'read_write', 'hash-3', 'ckn_Ab3x',
               (select id from staff_users limit 1))`,
    // Turned off, its delivery failed: the running app's sender leaves both as they are.
    `insert into webhook_endpoints (id, company_id, url, secret, disabled_at, disabled_reason)
       values ('7b0c1c2e-0000-4000-8000-000000000001', 'demo', 'https://hooks.example/line', 'whsec_c2VjcmV0',
               now(), 'Turned off')`,
    `insert into webhook_deliveries (id, endpoint_id, company_id, event_type, payload, status, attempts)
       values (gen_random_uuid(), '7b0c1c2e-0000-4000-8000-000000000001', 'demo', 'entry.joined',
               '{"type": "entry.joined", "data": {"name": "Ana"}}', 'failed', 7)`,
    `insert into analytics_events (name, params, visitor_id, customer_id, occurred_at, company_id)
       values ('view_item', '{"item": "Facials", "n": 12345678901234567}', 'v1', null, now(), 'demo')`,
    `insert into appointments (id, company_id, provider_id, service_type, name, phone_number, starts_at,
       duration_minutes, idempotency_key)
       values (gen_random_uuid(), 'demo', ${provider}, 'Facials', 'Ana O''Neil', '+15005550006',
               now() + interval '1 day', 45, 'backup-test')`,
    `insert into customer_notes (company_id, phone_number, note) values ('demo', '+15005550006', E'Prefers Maria\ttab')`,
    `insert into provider_busy_blocks (company_id, provider_id, starts_at, ends_at, source)
       values ('demo', ${provider}, '2026-12-01T10:00:00Z', '2026-12-01T11:00:00Z', 'ics')`,
    `insert into provider_calendar_feeds (provider_id, company_id, url) values (${provider}, 'demo', 'https://calendar.example/a.ics')`,
    `insert into provider_days_off (company_id, provider_id, day) values ('demo', ${provider}, '2026-12-24')`,
    `insert into provider_services (company_id, provider_id, service_name) values ('demo', ${provider}, 'Facials')`,
    `insert into provider_shifts (company_id, provider_id, weekday, start_minute, end_minute) values ('demo', ${provider}, 1, 540, 1020)`,
    `insert into push_subscriptions (endpoint, company_id, customer_id, p256dh, auth)
       values ('https://push.example/1', 'demo', (select id from customers limit 1), 'key', 'auth')`,
    `insert into sms_conversations (id, phone_number, company_id, step, services, expires_at)
       values (gen_random_uuid(), '+15005550007', 'demo', 'service', '["Facials", "Waxing"]', now() + interval '1 hour')`,
    `insert into sms_opt_outs (phone_number, company_id) values ('+15005550008', 'demo')`,
    `insert into staff_links (token_hash, staff_user_id, kind, expires_at)
       values ('hash-1', (select id from staff_users limit 1), 'invite', now() + interval '1 day')`,
    `insert into staff_sign_in_attempts (email, failures) values ('someone@demo.test', 2)`,
    `insert into visit_feedback (wait_id, company_id, token_hash, expires_at, rating, comment)
       values ((select id from wait_entries limit 1), 'demo', 'hash-2', now() + interval '1 day', 5, 'Lovely ✂️')`,
  ];
  for (const statement of statements) await db.query(statement);
}

/**
 * Left empty on purpose: the queue of realtime events not yet numbered is emptied by the running
 * app's sequencer, so a row put there would not stay for the comparison.
 */
const LEFT_EMPTY = ['realtime_pending'];

/** Rewrites a backup file's header (the rest of the file as it was). */
function rewriteHeader(file: string, change: (header: BackupHeader) => void): void {
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
  const header = JSON.parse(lines[0]!) as BackupHeader;
  change(header);
  lines[0] = JSON.stringify(header);
  writeFileSync(file, gzipSync(lines.join('\n')));
}

describe.each(databaseKinds)('backups on %s', (kind) => {
  const openEmpty = scratchDatabaseFor(kind === 'postgres' ? process.env.TEST_DATABASE_URL : undefined);
  const dir = mkdtempSync(path.join(tmpdir(), 'checkn-backups-'));
  let t: TestApp;
  let backupFile: string;
  let header: BackupHeader;

  beforeAll(async () => {
    t = await createTestApp(kind);
    // Rows beyond the demo business: a join (its visit, customer, events, chat thread) and a message.
    const owner = await signInStaff(t.app);
    const customer = await joinAsNewCustomer(t);
    await sendMessage(
      t.app,
      { authorization: customer.authorization },
      buildSendMessage(customer, { message: 'Running 5 minutes late' }),
    );
    await sendMessage(t.app, owner.headers, buildSendMessage(customer, { message: 'No problem' }));
    await fillTheOtherTables(t.database.db);
    const taken = await takeBackup({ db: t.database.db, dir, keep: 14, openScratch: openEmpty });
    backupFile = taken!.file;
    header = taken!.header;
    // A test app, then a backup verified in a second database: minutes on a busy machine.
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('backs up every table of the schema but those it names, at the latest schema version', async () => {
    const tables = await listTables(t.database.db);
    const named = Object.keys(TABLES_NOT_BACKED_UP);
    expect(
      tables.filter((table) => !named.includes(table)),
      'a table is neither backed up nor listed in TABLES_NOT_BACKED_UP',
    ).toEqual(header.tables.map((table) => table.name));
    expect(header.schemaVersion).toBe(listMigrations().at(-1)!.version);
    expect(path.basename(backupFile)).toMatch(
      new RegExp(`^checkn-\\d{8}T\\d{9}Z-${header.schemaVersion}\\.jsonl\\.gz$`),
    );
    expect(await lastGoodBackupAt(dir)).toEqual(new Date(header.createdAt));
  });

  it('restores into an empty database every row of every table, and the sequences', async () => {
    const target = await openEmpty();
    try {
      const restored = await restoreBackup(target.db, backupFile);
      const before = await fingerprints(t.database.db);
      const after = await fingerprints(target.db);
      expect(after).toEqual(before);
      // The round trip covers real data, not empty tables only.
      const filled = Object.entries(before).filter(([, print]) => !print.startsWith('0 '));
      expect(
        Object.keys(before).filter((table) => before[table]!.startsWith('0 ')),
        'tables the round trip left empty',
      ).toEqual(LEFT_EMPTY);
      expect(restored.tables.filter((table) => table.rows > 0).length).toBe(filled.length);
      expect(await sequenceStates(target.db)).toEqual(await sequenceStates(t.database.db));
      // Restored data is live data: the app's next rows get fresh ids.
      const { rows: versions } = await target.db.query<{ version: string }>(
        'select version from schema_migrations order by version',
      );
      expect(versions.map((row) => row.version)).toEqual(listMigrations().map((m) => m.version));
    } finally {
      await target.close();
    }
  });

  it('refuses a database that is not empty, and leaves it as it was', async () => {
    const before = await fingerprints(t.database.db);
    await expect(restoreBackup(t.database.db, backupFile)).rejects.toThrow(
      /The database to restore into is not empty/,
    );
    expect(await fingerprints(t.database.db)).toEqual(before);
  });

  it('refuses a backup from a newer schema than this code knows', async () => {
    const newer = path.join(dir, 'newer.jsonl.gz');
    writeFileSync(newer, readFileSync(backupFile));
    rewriteHeader(newer, (h) => {
      h.schemaVersion = '9999_from_the_future';
    });
    const target = await openEmpty();
    try {
      await expect(restoreBackup(target.db, newer)).rejects.toThrow(
        /schema version 9999_from_the_future, which this CheckN does not know/,
      );
      expect(await listTables(target.db)).toEqual([]);
    } finally {
      await target.close();
      rmSync(newer);
    }
  });

  it('finds a file whose rows do not match its header, or that is cut short', async () => {
    const miscounted = path.join(dir, 'miscounted.jsonl.gz');
    writeFileSync(miscounted, readFileSync(backupFile));
    rewriteHeader(miscounted, (h) => {
      h.tables.find((table) => table.name === 'companies')!.rows += 1;
    });
    await expect(verifyBackup(miscounted, openEmpty)).rejects.toThrow(/companies: 1 rows, header says 2/);
    const cut = path.join(dir, 'cut.jsonl.gz');
    const bytes = readFileSync(backupFile);
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(verifyBackup(cut, openEmpty)).rejects.toThrow();
    rmSync(miscounted);
    rmSync(cut);
    // The good file passes the same check.
    await verifyBackup(backupFile, openEmpty);
  });

  it('a backup that fails its verification is kept as .failed and is not a good backup', async () => {
    const failing = mkdtempSync(path.join(tmpdir(), 'checkn-backups-failing-'));
    try {
      // A scratch database that is not empty: the restore of the verification refuses it.
      const notEmpty = async () => {
        const scratch = await openEmpty();
        await scratch.db.query('create table leftover (id int)');
        return scratch;
      };
      await expect(
        takeBackup({ db: t.database.db, dir: failing, keep: 14, openScratch: notEmpty }),
      ).rejects.toThrow(/failed its verification: The database to restore into is not empty/);
      expect(readdirSync(failing)).toEqual([expect.stringMatching(/^checkn-.+\.jsonl\.gz\.failed$/)]);
      expect(await lastGoodBackupAt(failing)).toBeNull();
    } finally {
      rmSync(failing, { recursive: true, force: true });
    }
  });

  // PGlite has one process and one connection: only PostgreSQL has other processes to defer to, so
  // the check exists on PostgreSQL only (not a skipped test on PGlite).
  if (kind === 'postgres')
    it('the daily backup is skipped while another process takes it (the advisory lock is held)', async () => {
      const other = mkdtempSync(path.join(tmpdir(), 'checkn-backups-other-'));
      try {
        const skipped = await t.database.db.transaction(async (tx) => {
          await tx.query('select pg_advisory_xact_lock(72410002)');
          return takeBackup({
            db: t.database.db,
            dir: other,
            keep: 14,
            openScratch: openEmpty,
            onlyIfFree: true,
          });
        });
        expect(skipped).toBeNull();
        expect(readdirSync(other)).toEqual([]);
        const taken = await takeBackup({
          db: t.database.db,
          dir: other,
          keep: 14,
          openScratch: openEmpty,
          onlyIfFree: true,
        });
        expect(readdirSync(other)).toEqual([path.basename(taken!.file)]);
      } finally {
        rmSync(other, { recursive: true, force: true });
      }
    });

  it('keeps the newest BACKUP_KEEP good backups and deletes older ones', async () => {
    const kept = mkdtempSync(path.join(tmpdir(), 'checkn-backups-keep-'));
    try {
      const days = ['2026-11-01T03:00:00Z', '2026-11-02T03:00:00Z', '2026-11-03T03:00:00Z'];
      writeFileSync(path.join(kept, 'notes.txt'), 'not a backup');
      for (const day of days)
        await takeBackup({
          db: t.database.db,
          dir: kept,
          keep: 2,
          openScratch: openEmpty,
          now: new Date(day),
        });
      const files = readdirSync(kept).sort();
      expect(files).toEqual([
        expect.stringMatching(/^checkn-20261102T030000000Z-/),
        expect.stringMatching(/^checkn-20261103T030000000Z-/),
        'notes.txt',
      ]);
      expect(await lastGoodBackupAt(kept)).toEqual(new Date(days[2]!));
      expect((await readBackupHeader(path.join(kept, files[1]!))).createdAt).toBe(
        days[2]!.replace('Z', '.000Z'),
      );
    } finally {
      rmSync(kept, { recursive: true, force: true });
    }
  });
});

describe('the daily backup', () => {
  it('waits until the next BACKUP_HOUR local time', () => {
    const now = new Date(2026, 10, 27, 22, 30, 0);
    expect(msUntilHour(3, now)).toBe(4.5 * 3600_000);
    expect(msUntilHour(23, now)).toBe(0.5 * 3600_000);
    expect(msUntilHour(22, now)).toBe(23.5 * 3600_000);
  });
});
