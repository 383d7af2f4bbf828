import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database.ts';

/**
 * Embedded PostgreSQL (WASM). `dataDir` undefined keeps everything in memory (tests).
 * PGlite runs one query at a time and has no lock of its own: the caller must hold the
 * data-dir lock (see data-dir-lock.ts) before opening a folder.
 */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  const pg = dataDir ? new PGlite(dataDir) : new PGlite();
  await pg.waitReady;

  const query: Queryable['query'] = async (sql, params) => {
    const result = await pg.query(sql, params as unknown[] | undefined);
    return { rows: result.rows as never[] };
  };

  return {
    kind: 'pglite',
    query,
    async transaction(work) {
      return pg.transaction(async (tx) =>
        work({
          query: async (sql, params) => ({
            rows: (await tx.query(sql, params as unknown[])).rows as never[],
          }),
        }),
      );
    },
    async exec(sql) {
      await pg.exec(sql);
    },
    async listen(channel, onPayload) {
      // One PGlite instance per process: its notifications never get lost in transit.
      return pg.listen(channel, onPayload);
    },
    async close() {
      await pg.close();
    },
  };
}
