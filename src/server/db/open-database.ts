import type { Config } from '../config.ts';
import { lockDataDir } from './data-dir-lock.ts';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

export interface OpenedDatabase {
  db: Database;
  /** Closes the database, then releases the data-folder lock. */
  close(): Promise<void>;
}

/** PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite in DATA_DIR (locked). Migrates either. */
export async function openDatabase(
  config: Config,
  options: { onEmbeddedDatabaseFailure?: (error: Error) => void } = {},
): Promise<OpenedDatabase> {
  if (config.databaseUrl) {
    const db = await openPostgres(config.databaseUrl);
    await migrate(db);
    return { db, close: () => db.close() };
  }
  const unlock = await lockDataDir(config.dataDir);
  try {
    const db = await openPglite(config.dataDir, { onThreadFailure: options.onEmbeddedDatabaseFailure });
    await migrate(db);
    return {
      db,
      async close() {
        await db.close();
        await unlock();
      },
    };
  } catch (error) {
    await unlock();
    throw error;
  }
}
