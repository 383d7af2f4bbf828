import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../src/server/db/data-dir-lock.ts';
import { listMigrations, migrate } from '../../src/server/db/migrate.ts';
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

describe('data folder lock', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'checkn-lock-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('lets one holder in, refuses a second with a clear message, and frees the folder on release', async () => {
    const release = await lockDataDir(dataDir);
    await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(lockDataDir(dataDir)).rejects.toThrow(
      /Another CheckN server is already using the data folder/,
    );
    await release();
    const again = await lockDataDir(dataDir);
    await again();
  });
});
