import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations/', import.meta.url));
// Any fixed number: several server processes starting together on one PostgreSQL take turns.
const MIGRATION_LOCK_ID = 72_410_001;

export function listMigrations(dir = MIGRATIONS_DIR): { version: string; sql: string }[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_.+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: file.replace(/\.sql$/, ''),
      sql: readFileSync(path.join(dir, file), 'utf8'),
    }));
}

/** Applies the numbered SQL files in migrations/ that this database has not seen, in order. */
export async function migrate(db: Database): Promise<string[]> {
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await tx.query(
      'create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())',
    );
    const { rows } = await tx.query<{ version: string }>('select version from schema_migrations');
    const done = new Set(rows.map((row) => row.version));
    for (const migration of listMigrations()) {
      if (done.has(migration.version)) continue;
      // Statements are split on ";" at line ends: migrations are plain DDL without function bodies.
      for (const statement of migration.sql.split(/;\s*$/m)) {
        if (statement.trim()) await tx.query(statement);
      }
      await tx.query('insert into schema_migrations (version) values ($1)', [migration.version]);
      applied.push(migration.version);
    }
  });
  return applied;
}
