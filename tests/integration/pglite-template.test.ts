import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.ts';
import { openPglite } from '../../src/server/db/pglite.ts';
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
    expect(await setting()).toBe('32MB');
    expect(await setting('64MB')).toBe('64MB');
  });
});
