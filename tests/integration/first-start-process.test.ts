import * as childProcess from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/open-database.ts';

// Every spawn still happens; the test only sees which.
vi.mock('node:child_process', async (importOriginal) => {
  const original = await importOriginal<typeof childProcess>();
  return { ...original, spawn: vi.fn(original.spawn) };
});

/**
 * Issue 25 item 3 (docs/memory.md): a first start's migrations touched memory the server kept for
 * good (~50 MB at idle, glibc's arenas keep what a finished thread freed). They run in a process
 * that exits, and the server opens the folder after it.
 */
describe('a first start on the embedded database', () => {
  const folders: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'checkn-first-start-'));
    folders.push(dir);
    return join(dir, 'data');
  };
  afterEach(() => {
    vi.mocked(childProcess.spawn).mockClear();
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const firstStartSpawns = () =>
    vi
      .mocked(childProcess.spawn)
      .mock.calls.filter(([, args]) => (args ?? []).some((arg) => arg.endsWith('first-start-process.ts')));

  it('creates and migrates the database in a process of its own, then serves it; a restart does not', async () => {
    const dataDir = folder();
    const first = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
    try {
      expect(firstStartSpawns()).toHaveLength(1);
      expect(firstStartSpawns()[0]![1]).toContain(dataDir);
      const { rows } = await first.db.query<{ after: boolean; migrations: number }>(
        `select pg_postmaster_start_time() > max(applied_at) as after, count(*)::int as migrations
           from schema_migrations`,
      );
      expect(rows[0]?.migrations).toBeGreaterThan(30);
      // Nothing was left for this process to migrate: its database started after them.
      expect(rows[0]?.after).toBe(true);
    } finally {
      await first.close();
    }
    const again = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
    await again.close();
    expect(firstStartSpawns()).toHaveLength(1);
  });

  it("fails with the process's own words", async () => {
    const dataDir = folder();
    await expect(
      openDatabase(loadConfig({ DATA_DIR: dataDir, PGLITE_SHARED_BUFFERS: '1kB' })),
    ).rejects.toThrow(/^Creating the database in .*data failed \(exit code 1\): PGlite failed to initialize/);
    expect(firstStartSpawns()).toHaveLength(1);
  });
});
