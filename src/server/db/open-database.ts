import type { Config } from '../config.ts';
import { lockDataDir } from './data-dir-lock.ts';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';

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
  } = {},
): Promise<OpenedDatabase> {
  if (config.databaseUrl) {
    options.onOpening?.();
    // Loaded only here: the pg driver's modules cost a start on PGlite about 50 ms.
    const { openPostgres } = await import('./postgres.ts');
    const db = await openPostgres(config.databaseUrl);
    await migrate(db);
    return { db, close: () => db.close() };
  }
  // PGlite's thread starts and its WASM compiles while the folder is locked; the thread opens the
  // folder only once the lock is ours.
  const locking = lockDataDir(config.dataDir);
  const opening = openPglite(config.dataDir, {
    openWhen: locking,
    onOpening: options.onOpening,
    onThreadFailure: options.onEmbeddedDatabaseFailure,
  });
  const lock = await locking.catch(async (error: unknown) => {
    await opening.catch(() => {});
    throw error;
  });
  try {
    const db = await opening;
    await migrate(db);
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
