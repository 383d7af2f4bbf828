import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.ts';
import { lockDataDir } from './data-dir-lock.ts';
import type { Database } from './database.ts';
import { migrate, pendingMigrations } from './migrate.ts';
import { openPglite, siblingEntry } from './pglite.ts';

export interface OpenedDatabase {
  db: Database;
  /** Closes the database, then releases the data-folder lock. */
  close(): Promise<void>;
  /** The embedded database's folder was locked by this process id, which had died: logged at start. */
  tookOverLockFrom?: number | null;
}

/** PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite in DATA_DIR (locked). Migrates either. */
export async function openDatabase(
  config: Config,
  options: {
    onEmbeddedDatabaseFailure?: (error: Error) => void;
    /**
     * Called once the opening no longer needs the main thread (PGlite's thread opens the folder;
     * PostgreSQL connects): work done from then on overlaps with it instead of delaying it.
     */
    onOpening?: () => void;
    /**
     * Runs before the migrations, with those pending (none: not called). The server takes a backup
     * here when the database already holds data; a restore opens with `migrate: false`.
     */
    beforeMigrations?: (db: Database, pending: string[]) => Promise<void>;
    /** false: leave the schema as it is (a restore needs an empty database). */
    migrate?: boolean;
  } = {},
): Promise<OpenedDatabase> {
  if (config.databaseUrl) {
    options.onOpening?.();
    // Loaded only here: the pg driver's modules cost a start on PGlite about 50 ms.
    const { openPostgres } = await import('./postgres.ts');
    const db = await openPostgres(config.databaseUrl);
    try {
      await migrateAsAsked(db, options);
    } catch (error) {
      await db.close();
      throw error;
    }
    return { db, close: () => db.close() };
  }
  // PGlite's thread starts and its WASM compiles while the folder is locked; the thread opens the
  // folder only once the lock is ours.
  const locking = lockDataDir(config.dataDir);
  const pgliteOptions = {
    sharedBuffers: config.pgliteSharedBuffers,
    onThreadFailure: options.onEmbeddedDatabaseFailure,
  };
  // A first start (no database in the folder yet) creates it and runs every migration in a
  // process that then exits (first-start-process.ts), once the folder is locked; this process
  // opens the result as a restart would.
  const firstStart = options.migrate !== false && !existsSync(path.join(config.dataDir, 'PG_VERSION'));
  const opening = openPglite(config.dataDir, {
    ...pgliteOptions,
    openWhen: firstStart
      ? locking.then(() => migrateInOwnProcess(config.dataDir, config.pgliteSharedBuffers))
      : locking,
    onOpening: options.onOpening,
  });
  const lock = await locking.catch(async (error: unknown) => {
    await opening.catch(() => {});
    throw error;
  });
  try {
    let db = await opening;
    const applied = await migrateAsAsked(db, options).catch(async (error: unknown) => {
      await db.close();
      throw error;
    });
    if (applied.length > 0) {
      // WASM memory, once touched, is never given back, and running every migration (a first
      // start runs them all) touched about 100 MB more than serving does (docs/memory.md). Its
      // thread ends here, and a new one opens the migrated folder: the folder stays locked.
      await db.close();
      db = await openPglite(config.dataDir, pgliteOptions);
    }
    return {
      db,
      tookOverLockFrom: lock.tookOverFrom,
      async close() {
        await db.close();
        await lock.release();
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

async function migrateAsAsked(
  db: Database,
  options: { beforeMigrations?: (db: Database, pending: string[]) => Promise<void>; migrate?: boolean },
): Promise<string[]> {
  if (options.migrate === false) return [];
  if (options.beforeMigrations) {
    // Refuses data written by a newer CheckN (NewerSchemaError) before anything else happens.
    const pending = await pendingMigrations(db);
    if (pending.length > 0) await options.beforeMigrations(db, pending);
  }
  // Refuses newer data too, when nothing was asked before.
  return migrate(db);
}

/**
 * Runs first-start-process.ts on `dataDir` and waits for it to exit; rejects with its own words when
 * it fails. From the TypeScript sources (tests, `npm run admin`) it runs through tsx.
 */
async function migrateInOwnProcess(dataDir: string, sharedBuffers: string): Promise<void> {
  const { entry, fromSources } = siblingEntry('first-start-process');
  const child = spawn(
    process.execPath,
    [...(fromSources ? ['--import', 'tsx'] : []), fileURLToPath(entry), dataDir, sharedBuffers],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4_000);
  });
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
    (resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code, signal) => resolve({ code, signal }));
    },
  );
  if (exit.code !== 0) {
    throw new Error(
      `Creating the database in ${dataDir} failed (${exit.signal ?? `exit code ${exit.code}`}): ${stderr.trim()}`,
    );
  }
}
