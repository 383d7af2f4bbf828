import { randomUUID } from 'node:crypto';
import type { OpenScratchDatabase } from './backup.ts';
import { openPglite } from './pglite.ts';

/**
 * Where a backup is restored to be verified: a throwaway schema in the same PostgreSQL database
 * (dropped afterwards), or an in-memory PGlite for the embedded database.
 */
export function scratchDatabaseFor(databaseUrl: string | undefined): OpenScratchDatabase {
  if (!databaseUrl) {
    return async () => {
      const db = await openPglite(undefined);
      return { db, close: () => db.close() };
    };
  }
  return async () => {
    const { openPostgres } = await import('./postgres.ts');
    const schema = `checkn_backup_check_${randomUUID().replace(/-/g, '')}`;
    const admin = await openPostgres(databaseUrl, { max: 1 });
    try {
      await admin.query(`create schema ${schema}`);
      // The connection string's own options win over the pool's: the scratch schema goes last in them.
      const url = new URL(databaseUrl);
      const options = url.searchParams.get('options') ?? '';
      url.searchParams.set('options', `${options} -c search_path=${schema}`.trim());
      const db = await openPostgres(url.toString(), { max: 2 });
      return {
        db,
        async close() {
          await db.close();
          await admin.query(`drop schema ${schema} cascade`);
          await admin.close();
        },
      };
    } catch (error) {
      await admin.query(`drop schema if exists ${schema} cascade`).catch(() => {});
      await admin.close();
      throw error;
    }
  };
}
