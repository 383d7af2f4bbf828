import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, Queryable } from './database.ts';

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

/** The newest migration's version, from the file names alone (readiness compares it). */
export function latestMigrationVersion(dir = MIGRATIONS_DIR): string {
  return (
    readdirSync(dir)
      .filter((file) => /^\d{4}_.+\.sql$/.test(file))
      .sort()
      .at(-1)
      ?.replace(/\.sql$/, '') ?? ''
  );
}

/**
 * A migration's statements, split on ";" at line ends, except inside a dollar-quoted body (a
 * trigger function's own statements end in ";" too). Each goes alone: PGlite's query takes one.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let inBody = false;
  for (const line of sql.split('\n')) {
    current += `${line}\n`;
    // Each "$$" opens or closes a body; migrations use no other dollar quotes.
    inBody = (line.match(/\$\$/g)?.length ?? 0) % 2 === 1 ? !inBody : inBody;
    if (!inBody && /;\s*$/.test(line)) {
      statements.push(current.trim().replace(/;$/, ''));
      current = '';
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements.filter((statement) => statement.replace(/--.*$/gm, '').trim() !== '');
}

/**
 * The data was written by a newer CheckN: its schema_migrations holds versions this code does not
 * have. Migrating would run nothing and the server would work on tables it does not understand.
 */
export class NewerSchemaError extends Error {
  constructor(
    readonly dataVersion: string,
    readonly codeVersion: string,
  ) {
    super(
      `The data is at schema version ${dataVersion}, newer than this CheckN knows (up to ${codeVersion}): run the newer CheckN, or restore a backup taken by this version (docs/backups.md).`,
    );
  }
}

/** Applies the numbered SQL files in migrations/ that this database has not seen, in order. */
export async function migrate(db: Database, migrations = listMigrations()): Promise<string[]> {
  // Nearly every start finds them all applied: one read says so, where the transaction below
  // (lock, create table, read) costs five round trips. Anything else takes the full path.
  const applied = await appliedVersions(db);
  if (applied) refuseNewerSchema(applied, migrations);
  if (applied && migrations.every((migration) => applied.has(migration.version))) return [];
  return db.transaction((tx) => applyMigrations(tx, migrations));
}

/**
 * Inside the caller's transaction: takes the migration lock and applies what is missing of
 * `migrations` (restore passes those up to a backup's version). Returns the versions applied.
 */
export async function applyMigrations(
  tx: Queryable,
  migrations: { version: string; sql: string }[],
): Promise<string[]> {
  const applied: string[] = [];
  await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
  await tx.query(
    'create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())',
  );
  const { rows } = await tx.query<{ version: string }>('select version from schema_migrations');
  const done = new Set(rows.map((row) => row.version));
  refuseNewerSchema(done, migrations);
  for (const migration of migrations) {
    if (done.has(migration.version)) continue;
    for (const statement of splitStatements(migration.sql)) await tx.query(statement);
    await tx.query('insert into schema_migrations (version) values ($1)', [migration.version]);
    applied.push(migration.version);
  }
  return applied;
}

/** The versions this database has applied, or null before its first migration. */
export async function appliedVersions(db: Queryable): Promise<Set<string> | null> {
  try {
    const { rows } = await db.query<{ version: string }>('select version from schema_migrations');
    return new Set(rows.map((row) => row.version));
  } catch {
    // No schema_migrations yet (a new database): the transaction creates it.
    return null;
  }
}

/** The migrations this database has not applied yet (all of them for a new database). */
export async function pendingMigrations(db: Queryable, migrations = listMigrations()): Promise<string[]> {
  const applied = await appliedVersions(db);
  if (applied) refuseNewerSchema(applied, migrations);
  return migrations.map((migration) => migration.version).filter((version) => !applied?.has(version));
}

function refuseNewerSchema(applied: Set<string>, migrations: { version: string }[]): void {
  const known = new Set(migrations.map((migration) => migration.version));
  const unknown = [...applied].filter((version) => !known.has(version)).sort();
  if (unknown.length > 0) throw new NewerSchemaError(unknown.at(-1)!, migrations.at(-1)?.version ?? '(none)');
}
