import type { Config } from '../config.ts';
import { lockDataDir } from './data-dir-lock.ts';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { compilePglite, openPglite } from './pglite.ts';

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
  options: { onEmbeddedDatabaseFailure?: (error: Error) => void } = {},
): Promise<OpenedDatabase> {
  if (config.databaseUrl) {
    // Loaded only here: the pg driver's modules cost a start on PGlite about 50 ms.
    const { openPostgres } = await import('./postgres.ts');
    const db = await openPostgres(config.databaseUrl);
    await migrate(db);
    return { db, close: () => db.close() };
  }
  // PGlite's WASM compiles (on V8's own threads) while the folder is locked: it opens nothing. A
  // failure comes back from openPglite, which waits for the same compilation.
  compilePglite().catch(() => {});
  const lock = await lockDataDir(config.dataDir);
  try {
    const db = await openPglite(config.dataDir, { onThreadFailure: options.onEmbeddedDatabaseFailure });
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
