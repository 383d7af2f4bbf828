import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../src/server/db/data-dir-lock.ts';
import type { Database, Queryable } from '../../src/server/db/database.ts';
import { listMigrations, migrate } from '../../src/server/db/migrate.ts';
import { collectDatabaseThreadGarbage, databaseThread, openPglite } from '../../src/server/db/pglite.ts';
import { databaseKinds, openTestDatabase } from '../support/test-database.ts';

describe.each(databaseKinds)('migrations on %s', (kind) => {
  it('apply every file once, in order, and nothing the second time', async () => {
    const { db, close } = await openTestDatabase(kind);
    try {
      const { rows } = await db.query<{ version: string }>(
        'select version from schema_migrations order by version',
      );
      expect(rows.map((row) => row.version)).toEqual(listMigrations().map((m) => m.version));
      expect(await migrate(db)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('apply a new file to a database that has all the others', async () => {
    const { db, close } = await openTestDatabase(kind);
    try {
      const added = { version: '9999_added_later', sql: 'create table added_later (id int primary key);\n' };
      expect(await migrate(db, [...listMigrations(), added])).toEqual(['9999_added_later']);
      await expect(db.query('select id from added_later')).resolves.toEqual({ rows: [] });
      expect(await migrate(db, [...listMigrations(), added])).toEqual([]);
    } finally {
      await close();
    }
  });

  it('roll a failed statement back whole', async () => {
    const { db, close } = await openTestDatabase(kind);
    try {
      await expect(
        db.transaction(async (tx) => {
          await tx.query(
            "insert into companies (id, account_id, name) values ('tx-test', gen_random_uuid(), 'X')",
          );
          await tx.query('select * from no_such_table');
        }),
      ).rejects.toThrow();
      const { rows } = await db.query("select 1 from companies where id = 'tx-test'");
      expect(rows).toHaveLength(0);
    } finally {
      await close();
    }
  });
});

describe('PGlite statements (prepared once, run by name)', () => {
  it('give each call its own parameters and typed rows, also past the prepared-statement limit', async () => {
    const db = await openPglite(undefined, { maxPreparedStatements: 3 });
    try {
      await db.exec(
        'create table notes (id int primary key, body text, tags text[], meta jsonb, at timestamptz)',
      );
      for (let id = 1; id <= 5; id += 1)
        await db.query('insert into notes (id, body, tags, meta, at) values ($1, $2, $3, $4::jsonb, $5)', [
          id,
          `note ${id}`,
          [`t${id}`, 'all'],
          JSON.stringify({ id }),
          new Date(Date.UTC(2026, 10, id)),
        ]);
      // Six distinct statements through three slots: each is closed and prepared again in turn.
      for (let round = 0; round < 2; round += 1)
        for (let id = 1; id <= 5; id += 1) {
          const { rows } = await db.query<{ body: string; tags: string[]; meta: { id: number }; at: Date }>(
            `select body, tags, meta, at from notes where id = $1 /* ${id % 4} */`,
            [id],
          );
          expect(rows).toEqual([
            {
              body: `note ${id}`,
              tags: [`t${id}`, 'all'],
              meta: { id },
              at: new Date(Date.UTC(2026, 10, id)),
            },
          ]);
        }
      const { rows } = await db.query<{ n: number }>(
        'select count(*)::int as n from notes where $1 = any(tags)',
        ['all'],
      );
      expect(rows).toEqual([{ n: 5 }]);
    } finally {
      await db.close();
    }
  });

  it('run in their own thread: the event loop keeps turning while a statement runs', async () => {
    const db = await openPglite(undefined);
    try {
      let turns = 0;
      const timer = setInterval(() => {
        turns += 1;
      }, 5);
      await db.query('select pg_sleep(0.3)');
      clearInterval(timer);
      // On the main thread, WASM would have held the loop for the whole statement: no turn at all.
      expect(turns).toBeGreaterThan(0);
    } finally {
      await db.close();
    }
  });

  it('keep a transaction whole while other statements are sent meanwhile', async () => {
    const db = await openPglite(undefined);
    try {
      await db.exec('create table items (id int primary key)');
      let inserted!: () => void;
      let release!: () => void;
      const insertedInA = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const transactionA = db.transaction(async (tx) => {
        await tx.query('insert into items values ($1)', [1]);
        inserted();
        await gate;
        throw new Error('undo A');
      });
      await insertedInA;
      // Sent while A is open: it must neither run inside A nor be undone with it.
      const outside = db.query('insert into items values ($1)', [2]);
      const transactionB = db.transaction((tx) => tx.query('insert into items values ($1)', [3]));
      release();
      await expect(transactionA).rejects.toThrow('undo A');
      await Promise.all([outside, transactionB]);
      const { rows } = await db.query<{ id: number }>('select id from items order by id');
      expect(rows).toEqual([{ id: 2 }, { id: 3 }]);
    } finally {
      await db.close();
    }
  });

  it('commit the statements that arrived together as one, and fail only the one that failed', async () => {
    const db = await openPglite(undefined);
    try {
      await db.exec('create table items (id int primary key)');
      const insert = (id: number) =>
        db.query<{ tx: string }>('insert into items values ($1) returning txid_current()::text as tx', [id]);
      // Sent while a transaction runs, they wait together and share one commit (one sync on disk).
      // A statement of its own would not do: the worker may take it in with the first insert
      // only, and commit those two together before the others arrived.
      const slow = db.transaction((tx) => tx.query('select pg_sleep(0.05)'));
      const together = await Promise.all([insert(1), insert(2), insert(3)]);
      await slow;
      expect(new Set(together.map(({ rows }) => rows[0]!.tx)).size).toBe(1);

      // One of them fails: the others keep their rows, and the failure is that statement's own.
      const [before, duplicate, after] = await Promise.allSettled([
        db.query('select pg_sleep(0.05)').then(() => insert(4)),
        insert(2),
        insert(5),
      ]);
      expect(duplicate).toMatchObject({ status: 'rejected', reason: { code: '23505' } });
      expect([before.status, after.status]).toEqual(['fulfilled', 'fulfilled']);
      const { rows } = await db.query<{ id: number }>('select id from items order by id');
      expect(rows.map((row) => row.id)).toEqual([1, 2, 3, 4, 5]);
    } finally {
      await db.close();
    }
  });

  it('commit at most 64 statements together, and never one of an open transaction with them', async () => {
    const db = await openPglite(undefined);
    try {
      await db.exec('create table items (id int primary key)');
      const txOf = (sql: string, params: unknown[] = []) =>
        db
          .query<{ tx: string }>(`${sql} returning txid_current()::text as tx`, params)
          .then(({ rows }) => rows[0]!.tx);
      // 100 waiting behind a slow statement: no commit holds more than 64 of them.
      const slow = db.query('select pg_sleep(0.05)');
      const txs = await Promise.all(
        Array.from({ length: 100 }, (_, id) => txOf('insert into items values ($1)', [id])),
      );
      await slow;
      const sizes = [...new Set(txs)].map((tx) => txs.filter((other) => other === tx).length);
      expect(Math.max(...sizes)).toBeGreaterThan(1);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(64);

      // A transaction's statement waiting among single ones commits with its transaction only.
      let inTransaction!: Promise<string>;
      const transaction = db.transaction(async (tx) => {
        inTransaction = tx
          .query<{ tx: string }>('insert into items values (1000) returning txid_current()::text as tx')
          .then(({ rows }) => rows[0]!.tx);
        const alone = [txOf('insert into items values (1001)'), txOf('insert into items values (1002)')];
        return { mine: await inTransaction, alone };
      });
      const { mine, alone } = await transaction;
      expect(await Promise.all(alone)).not.toContain(mine);
    } finally {
      await db.close();
    }
  });

  it('vacuum on their own, as PGlite has no autovacuum', async () => {
    const vacuumed = await openPglite(undefined, { maintainEveryMs: 100 });
    // Its first pass is far off: only the shortened one can have vacuumed.
    const notYet = await openPglite(undefined, { maintainEveryMs: 60 * 60 * 1000 });
    try {
      const lastVacuum = async (db: Database) =>
        (
          await db.query<{ at: Date | null }>(
            "select last_vacuum as at from pg_stat_user_tables where relname = 'queue'",
          )
        ).rows[0]?.at;
      for (const db of [vacuumed, notYet]) {
        await db.exec('create table queue (id int primary key)');
        await db.query('insert into queue select generate_series(1, 500)');
        await db.query('delete from queue');
      }
      for (let attempt = 0; attempt < 100 && !(await lastVacuum(vacuumed)); attempt += 1)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await lastVacuum(vacuumed)).toBeInstanceOf(Date);
      // A database whose vacuum is not due yet: nothing else vacuums it.
      expect(await lastVacuum(notYet)).toBeNull();
    } finally {
      await Promise.all([vacuumed.close(), notYet.close()]);
    }
  });

  it('analyze a table that grew, as autovacuum would, and leave alone one that did not change', async () => {
    const db = await openPglite(undefined, { maintainEveryMs: 100 });
    try {
      const statistics = async (table: string) =>
        (
          await db.query<{ reltuples: number; analyzed: number; vacuumed: number }>(
            `select c.reltuples::int as reltuples, s.analyze_count::int as analyzed, s.vacuum_count::int as vacuumed
               from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = $1`,
            [table],
          )
        ).rows[0]!;
      await db.exec('create table grown (id int primary key); create table unchanged (id int primary key)');
      await db.query('insert into unchanged select generate_series(1, 20)');
      // Planned while empty, as on a fresh install; then the rows come.
      await db.exec('analyze grown; analyze unchanged');
      await db.query('insert into grown select generate_series(1, 3000)');
      for (let attempt = 0; attempt < 200 && (await statistics('grown')).reltuples < 3000; attempt += 1)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await statistics('grown')).reltuples).toBe(3000);
      // Nothing changed there since its analyze: no pass touches it.
      expect(await statistics('unchanged')).toEqual({ reltuples: 20, analyzed: 1, vacuumed: 0 });
    } finally {
      await db.close();
    }
  });

  it("collect the thread's garbage on request without cutting into a transaction", async () => {
    const db = await openPglite(undefined);
    try {
      await db.exec('create table counted (n int)');
      let collected = false;
      await db.transaction(async (tx) => {
        await tx.query('insert into counted values (1)');
        // Asked mid-transaction: it waits for the transaction, like any statement from outside it.
        void collectDatabaseThreadGarbage(db).then(() => {
          collected = true;
        });
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(collected).toBe(false);
        await tx.query('insert into counted values (2)');
      });
      await expect.poll(() => collected).toBe(true);
      expect((await db.query('select count(*)::int as n from counted')).rows).toEqual([{ n: 2 }]);
    } finally {
      await db.close();
    }
  });

  it('report a database thread that dies while open, and fail every statement after it clearly', async () => {
    const failures: Error[] = [];
    const db = await openPglite(undefined, { onThreadFailure: (error) => failures.push(error) });
    // What a WASM abort does to the thread: it ends without being asked to.
    const running = db.query('select pg_sleep(1)');
    await new Promise((resolve) => setTimeout(resolve, 100));
    await databaseThread(db)?.terminate();
    await expect(running).rejects.toThrow(/The database thread stopped/);
    await expect(db.query('select 1')).rejects.toThrow(/The database thread stopped/);
    expect(failures).toHaveLength(1);
  });

  it('settle every transaction: a failed commit, a swallowed error, a handle used after the end', async () => {
    const db = await openPglite(undefined);
    try {
      await db.exec(`create table parents (id int primary key);
        create table children (id int primary key,
          parent_id int references parents (id) deferrable initially deferred)`);
      // The foreign key is checked at COMMIT: the commit itself fails.
      await expect(
        db.transaction((tx) => tx.query('insert into children values ($1, $2)', [1, 99])),
      ).rejects.toMatchObject({ code: '23503' });

      // A statement fails, work() carries on: PostgreSQL rolls back at COMMIT, and so must the caller.
      await expect(
        db.transaction(async (tx) => {
          await tx.query('insert into parents values ($1)', [1]);
          await tx.query('insert into parents values ($1)', [1]).catch(() => {});
        }),
      ).rejects.toMatchObject({ code: '25P02' });

      let handle: Queryable | undefined;
      await db.transaction(async (tx) => {
        handle = tx;
        await tx.query('insert into parents values ($1)', [2]);
      });
      await expect(handle!.query('insert into parents values ($1)', [3])).rejects.toThrow(
        'This transaction has already ended.',
      );

      const { rows } = await db.query<{ id: number }>('select id from parents order by id');
      expect(rows).toEqual([{ id: 2 }]);
    } finally {
      await db.close();
    }
  });

  it('prepare a statement again after its table changed shape', async () => {
    const db = await openPglite(undefined);
    try {
      await db.exec('create table shapes (id int); insert into shapes values (1)');
      expect((await db.query('select * from shapes')).rows).toEqual([{ id: 1 }]);
      await db.exec("alter table shapes add column label text default 'new'");
      expect((await db.query('select * from shapes')).rows).toEqual([{ id: 1, label: 'new' }]);
    } finally {
      await db.close();
    }
  });

  it('keep a failed statement from leaking into the next transaction', async () => {
    const failures: Error[] = [];
    const db = await openPglite(undefined, { onThreadFailure: (error) => failures.push(error) });
    try {
      await db.exec('create table counters (id int primary key, n int not null)');
      await db.query('insert into counters values (1, 0)');
      await expect(
        db.transaction(async (tx) => {
          await tx.query('update counters set n = n + 1 where id = $1', [1]);
          await tx.query('insert into counters values ($1, $2)', [1, 5]);
        }),
      ).rejects.toMatchObject({ code: '23505' });
      await db.transaction((tx) => tx.query('update counters set n = n + 10 where id = $1', [1]));
      expect((await db.query('select n from counters where id = $1', [1])).rows).toEqual([{ n: 10 }]);
    } finally {
      await db.close();
    }
    // Closing ends the thread on purpose: not a failure.
    expect(failures).toEqual([]);
  });
});

describe('data folder lock', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'checkn-lock-'));
  const dataDir = path.join(root, 'data');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** What a server killed with kill -9 leaves: a fresh lock and its recorded owner. */
  function leaveLockOf(folder: string, owner: { pid: number; host: string }) {
    mkdirSync(path.join(folder, '.checkn.lock'), { recursive: true });
    writeFileSync(path.join(folder, '.checkn.lock-owner.json'), JSON.stringify({ ...owner, id: 'killed' }));
  }

  /** The id of a process that has ended. */
  function deadPid(): number {
    const child = spawnSync(process.execPath, ['-e', '0']);
    return child.pid;
  }

  it('opens PGlite only once the folder is ours: a refused lock leaves the folder untouched', async () => {
    const folder = path.join(root, 'refused');
    mkdirSync(folder);
    const refused = new DataDirLockedError(folder);
    await expect(openPglite(folder, { openWhen: Promise.reject(refused) })).rejects.toBe(refused);
    expect(readdirSync(folder)).toEqual([]);
  });

  it('lets one holder in, refuses a second with a clear message, and frees the folder on release', async () => {
    const lock = await lockDataDir(dataDir);
    await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(lockDataDir(dataDir)).rejects.toThrow(
      /Another CheckN server is already using the data folder/,
    );
    await lock.release();
    const again = await lockDataDir(dataDir);
    expect(again.tookOverFrom).toBeNull();
    await again.release();
  });

  it('makes the folder private to its user, new or already there', async () => {
    const fresh = path.join(root, 'fresh', 'data');
    const lock = await lockDataDir(fresh);
    expect(statSync(fresh).mode & 0o777).toBe(0o700);
    await lock.release();

    const open = path.join(root, 'open');
    mkdirSync(open);
    chmodSync(open, 0o777);
    const again = await lockDataDir(open);
    expect(statSync(open).mode & 0o777).toBe(0o700);
    await again.release();
  });

  it('takes over at once a lock whose owner, on this host, no longer runs', async () => {
    const folder = path.join(root, 'killed');
    const pid = deadPid();
    leaveLockOf(folder, { pid, host: hostname() });
    const lock = await lockDataDir(folder);
    expect(lock.tookOverFrom).toBe(pid);
    await lock.release();
  });

  it('does not take over a lock whose owner runs, or runs on another host', async () => {
    const alive = path.join(root, 'alive');
    // The parent of this test process runs, and holds no lock of its own here.
    leaveLockOf(alive, { pid: process.ppid, host: hostname() });
    await expect(lockDataDir(alive)).rejects.toBeInstanceOf(DataDirLockedError);

    const elsewhere = path.join(root, 'elsewhere');
    leaveLockOf(elsewhere, { pid: deadPid(), host: `not-${hostname()}` });
    await expect(lockDataDir(elsewhere)).rejects.toBeInstanceOf(DataDirLockedError);
  });

  it('takes over only in turn: not while another server is starting on the folder', async () => {
    const folder = path.join(root, 'starting');
    const pid = deadPid();
    leaveLockOf(folder, { pid, host: hostname() });
    // Another server between reading the dead owner and writing its own lock holds this gate.
    mkdirSync(path.join(folder, '.checkn.lock-gate'));
    await expect(lockDataDir(folder)).rejects.toBeInstanceOf(DataDirLockedError);
    expect(JSON.parse(readFileSync(path.join(folder, '.checkn.lock-owner.json'), 'utf8')).pid).toBe(pid);
    rmSync(path.join(folder, '.checkn.lock-gate'), { recursive: true });
    const lock = await lockDataDir(folder);
    expect(lock.tookOverFrom).toBe(pid);
    await lock.release();
  });
});
