import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/database.ts';
import { openDatabase } from '../../src/server/db/open-database.ts';
import { databaseThread, openPglite } from '../../src/server/db/pglite.ts';
import {
  installedPgliteVersion,
  pgliteTemplatePath,
  readPgliteTemplate,
  writeTemplateInto,
} from '../../src/server/db/pglite-template.ts';

/**
 * Issue 25 item 3 (docs/memory.md): a new embedded database starts from the folder in
 * pglite-template/, not from initdb, whose second PostgreSQL instance put a first start's peak
 * near 1 GB. initdb gives every database its own system identifier; the template gives all the
 * same one, which is how these tests tell which made a folder.
 */
describe('the embedded database starts from the template', () => {
  const folders: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'checkn-template-'));
    folders.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const identifier = async (db: Database) =>
    (await db.query<{ id: string }>('select system_identifier::text as id from pg_control_system()')).rows[0]
      ?.id;
  const withDatabase = async <T>(dataDir: string | undefined, use: (db: Database) => Promise<T>) => {
    const db = await openPglite(dataDir);
    try {
      return await use(db);
    } finally {
      await db.close();
    }
  };

  it('is there for the installed PGlite (run `npm run pglite-template` after upgrading it)', async () => {
    expect(
      await readPgliteTemplate(),
      `no template for PGlite ${await installedPgliteVersion()}`,
    ).not.toBeNull();
  });

  it('makes new folders and in-memory databases from it, and opens an existing folder as it is', async () => {
    const [first, second] = [folder(), folder()];
    const fromFirst = await withDatabase(first, async (db) => {
      await db.query('create table kept (note text)');
      await db.query("insert into kept values ('still here')");
      return identifier(db);
    });
    expect(fromFirst).toMatch(/^\d+$/);
    expect(await withDatabase(second, identifier)).toBe(fromFirst);
    expect(await withDatabase(undefined, identifier)).toBe(fromFirst);
    // Opened again: its own data, not the template loaded over it.
    const kept = await withDatabase(first, async (db) => (await db.query('select note from kept')).rows);
    expect(kept).toEqual([{ note: 'still here' }]);
  });

  it('writes the files again over a first start that stopped before PG_VERSION was written', async () => {
    const dir = folder();
    const templateFile = await pgliteTemplatePath();
    expect(templateFile).not.toBeNull();
    await writeTemplateInto(dir, templateFile!);
    // As a power cut would leave it: the version file not there yet, a file's data lost.
    rmSync(join(dir, 'PG_VERSION'));
    writeFileSync(join(dir, 'global', 'pg_control'), '');
    expect(await withDatabase(dir, async (db) => (await db.query('select 1 as one')).rows)).toEqual([
      { one: 1 },
    ]);
    expect(readFileSync(join(dir, 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/);
  });

  it('runs with the small buffer cache, or the size the operator set', async () => {
    const setting = async (sharedBuffers?: string) => {
      const db = await openPglite(folder(), sharedBuffers ? { sharedBuffers } : {});
      try {
        return (await db.query<{ size: string }>("select current_setting('shared_buffers') as size")).rows[0]
          ?.size;
      } finally {
        await db.close();
      }
    };
    expect(await setting()).toBe('16MB');
    expect(await setting('64MB')).toBe('64MB');
  });

  it('serves from a new thread after running migrations, whose WASM memory is given back', async () => {
    const dataDir = folder();
    const first = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
    try {
      // The thread that ran every migration has ended: the one serving started after them.
      const { rows } = await first.db.query<{ after: boolean; migrations: number }>(
        `select pg_postmaster_start_time() > max(applied_at) as after, count(*)::int as migrations
           from schema_migrations`,
      );
      expect(rows[0]?.migrations).toBeGreaterThan(30);
      expect(rows[0]?.after).toBe(true);
      expect(databaseThread(first.db)?.threadId).toBeGreaterThan(0);
    } finally {
      await first.close();
    }
    // Nothing to migrate: the thread that opened the folder serves it.
    const again = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
    try {
      const { rows } = await again.db.query<{ after: boolean }>(
        'select pg_postmaster_start_time() > max(applied_at) as after from schema_migrations',
      );
      expect(rows[0]?.after).toBe(true);
    } finally {
      await again.close();
    }
  });
});
