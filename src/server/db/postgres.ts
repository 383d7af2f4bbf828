import pg from 'pg';
import type { Database, Queryable } from './database.ts';

// Keep timestamps and bigints as the server sends them; repositories convert where needed.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface PostgresOptions {
  max?: number;
  /** Tests give each run its own schema so they never see each other's rows. */
  schema?: string;
}

export async function openPostgres(
  connectionString: string,
  options: PostgresOptions = {},
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    // A stuck query must not hold a request forever (STYLE: timeouts everywhere).
    statement_timeout: 10_000,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client that loses its connection emits here; without a listener the process would crash.
  pool.on('error', () => {});
  // Fail at start, with the server's own message, rather than on the first request.
  await pool.query('select 1');

  const query: Queryable['query'] = async (sql, params) => {
    const result = await pool.query(sql, params as unknown[] | undefined);
    return { rows: result.rows };
  };

  return {
    kind: 'postgres',
    query,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const tx: Queryable = {
          query: async (sql, params) => ({
            rows: (await client.query(sql, params as unknown[] | undefined)).rows,
          }),
        };
        const result = await work(tx);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async close() {
      await pool.end();
    },
  };
}
