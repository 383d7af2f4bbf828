import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { readBackupHeader } from '../../src/server/db/backup.ts';
import { lockDataDir } from '../../src/server/db/data-dir-lock.ts';
import { listMigrations, migrate } from '../../src/server/db/migrate.ts';
import { openDatabase } from '../../src/server/db/open-database.ts';
import { openPglite } from '../../src/server/db/pglite.ts';
import { seedDemoCompany } from '../../src/server/seed/demo.ts';
import { runAdmin } from '../support/admin-process.ts';
import { startServerProcess, waitForHealth } from '../support/server-process.ts';
import { databaseKinds } from '../support/test-database.ts';

const folders: string[] = [];
function folder(name: string): string {
  const made = mkdtempSync(path.join(tmpdir(), `checkn-${name}-`));
  folders.push(made);
  return made;
}
afterAll(() => {
  for (const made of folders) rmSync(made, { recursive: true, force: true });
});

/** The environment of an empty database of `kind`: a new data folder, or a new PostgreSQL schema. */
async function emptyDatabase(kind: string): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (kind === 'pglite')
    return { env: { DATA_DIR: path.join(folder('data'), 'data') }, drop: async () => {} };
  const base = process.env.TEST_DATABASE_URL!;
  const schema = `backup_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    env: { DATABASE_URL: url.toString() },
    async drop() {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

describe.each(databaseKinds)('npm run admin -- backup / restore on %s', (kind) => {
  it('backs up, then restores into an empty database; refuses one that is not', async () => {
    const source = await emptyDatabase(kind);
    const target = await emptyDatabase(kind);
    try {
      const opened = await openDatabase(loadConfig(source.env));
      await seedDemoCompany(opened.db);
      await opened.close();
      const dir = folder('backups');
      const backup = await runAdmin(['backup', '--dir', dir], source.env);
      expect(backup.code, backup.lines.join('\n')).toBe(0);
      const [file] = readdirSync(dir);
      expect(backup.lines[0]).toBe(`Backed up and verified: ${path.join(dir, file!)}`);
      expect(backup.lines[1]).toMatch(/companies 1, .*services 6/);

      const restore = await runAdmin(['restore', '--from', path.join(dir, file!)], target.env);
      expect(restore.code, restore.lines.join('\n')).toBe(0);
      expect(restore.lines).toEqual([
        expect.stringMatching(/^Restored .* \(schema \d{4}_.+\); .*companies 1/),
      ]);
      const restored = await openDatabase(loadConfig(target.env));
      try {
        const { rows } = await restored.db.query<{ name: string }>('select name from companies');
        expect(rows).toEqual([{ name: 'Bella Demo Salon' }]);
      } finally {
        await restored.close();
      }

      const again = await runAdmin(['restore', '--from', path.join(dir, file!)], target.env);
      expect(again.code).toBe(1);
      expect(again.lines).toEqual([expect.stringContaining('The database to restore into is not empty')]);
    } finally {
      await source.drop();
      await target.drop();
    }
    // Five processes each open the database (and the backup a scratch one to verify it).
  }, 240_000);
});

describe('backups and the embedded database', () => {
  it('restore refuses a data folder a server holds, in one line', async () => {
    const dataDir = folder('held');
    const lock = await lockDataDir(dataDir);
    try {
      const result = await runAdmin(['restore', '--from', '/nonexistent.jsonl.gz'], { DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.lines).toEqual([
        expect.stringContaining('Another CheckN server is already using the data folder'),
      ]);
    } finally {
      await lock.release();
    }
  });

  it('the server refuses, in one line, to start on data written by a newer CheckN', async () => {
    const dataDir = folder('newer');
    const opened = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
    await opened.db.query("insert into schema_migrations (version) values ('9999_from_the_future')");
    await opened.close();
    const server = await startServerProcess({ DATA_DIR: dataDir, BACKUP_DIR: folder('newer-backups') });
    expect(await server.exited).toBe(1);
    const latest = listMigrations().at(-1)!.version;
    expect(server.output().trim().split('\n')).toEqual([
      `The data is at schema version 9999_from_the_future, newer than this CheckN knows (up to ${latest}): run the newer CheckN, or restore a backup taken by this version (docs/backups.md).`,
    ]);
  });

  it('the server backs up existing data before it migrates it', async () => {
    const dataDir = folder('older');
    const backups = folder('older-backups');
    const migrations = listMigrations();
    const previous = migrations.at(-2)!.version;
    // Data as the previous release left it: every migration but the last.
    const lock = await lockDataDir(dataDir);
    const db = await openPglite(dataDir);
    await migrate(db, migrations.slice(0, -1));
    await db.close();
    await lock.release();

    const server = await startServerProcess({ DATA_DIR: dataDir, BACKUP_DIR: backups });
    try {
      // The backup comes before the migrations, which come before the server answers.
      await waitForHealth(server);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    const [file] = readdirSync(backups);
    expect(file).toMatch(new RegExp(`^checkn-\\d{8}T\\d{9}Z-${previous}\\.jsonl\\.gz$`));
    expect((await readBackupHeader(path.join(backups, file!))).schemaVersion).toBe(previous);
    const after = await openDatabase(loadConfig({ DATA_DIR: dataDir }), { migrate: false });
    try {
      const { rows } = await after.db.query<{ version: string }>(
        'select max(version) as version from schema_migrations',
      );
      expect(rows[0]?.version).toBe(migrations.at(-1)!.version);
    } finally {
      await after.close();
    }
  });
});
