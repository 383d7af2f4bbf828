/** A throwaway PostgreSQL database for one bench run, created and dropped through an admin connection. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface BenchDatabase {
  name: string;
  url: string;
  /** Runs one query on the bench database (checks after the load). */
  query<Row>(sql: string): Promise<Row[]>;
  drop(): Promise<void>;
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  client.on('error', () => {});
  await client.connect();
  return client;
}

/** False when PostgreSQL does not answer, so the bench can skip it. */
export async function isPostgresReachable(adminUrl: string): Promise<boolean> {
  try {
    const client = await connect(adminUrl);
    await client.query('select 1');
    await client.end();
    return true;
  } catch {
    return false;
  }
}

export async function createBenchDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `checkn_bench_${randomBytes(6).toString('hex')}`;
  const admin = await connect(adminUrl);
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    async query<Row>(sql: string) {
      const client = await connect(url.toString());
      try {
        return (await client.query(sql)).rows as Row[];
      } finally {
        await client.end();
      }
    },
    async drop() {
      if (dropped) return;
      const client = await connect(adminUrl);
      try {
        // WITH (FORCE) (PostgreSQL 13+) closes connections a killed server may have left behind.
        await client.query(`drop database if exists ${name} with (force)`);
        dropped = true;
      } finally {
        await client.end();
      }
    },
  };
}
