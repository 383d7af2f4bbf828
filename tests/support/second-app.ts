import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import type { Database } from '../../src/server/db/database.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';
import { type TestApp, testConfig } from './test-app.ts';

export interface SecondApp {
  app: FastifyInstance;
  db: Database;
  close(): Promise<void>;
}

/**
 * Another app instance on the same data as `first`, as a second server process would run it. On
 * PostgreSQL it has its own pool and its own LISTEN connection on the same schema; on PGlite (one
 * process per database) it shares the handle, which still sends its events through the hub.
 */
export async function buildSecondApp(first: TestApp): Promise<SecondApp> {
  let db: Database;
  let closeDb: () => Promise<void>;
  if (first.database.db.kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    const { rows } = await first.database.db.query<{ schema: string }>('select current_schema() as schema');
    db = await openPostgres(url, { schema: rows[0]!.schema, max: 5 });
    closeDb = () => db.close();
  } else {
    db = first.database.db;
    closeDb = async () => {};
  }
  const app = await buildApp({ config: testConfig(), db, clientDir: '/nonexistent' });
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      await closeDb();
    },
  };
}
