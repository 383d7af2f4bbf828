/**
 * Logical backups (docs/backups.md, decisions/0013): the rows of every table as JSON, one gzip
 * file per backup, the same format for PGlite and PostgreSQL. A data folder is no backup: a PGlite
 * release on a new PostgreSQL major cannot open an old one, and its documented upgrade is a dump
 * and a reload, which is what this is.
 *
 * A file is lines: the header (JSON), then for each table its rows in batches, each line
 * `<table>\t<JSON array of to_jsonb rows>`. The rows' JSON is PostgreSQL's own text, never parsed
 * by JavaScript (a bigint beyond 2^53 would lose digits), and goes back in as it came out.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Database, Queryable } from './database.ts';
import { applyMigrations, listMigrations, migrate } from './migrate.ts';

export const BACKUP_FORMAT = 'checkn-backup';
export const BACKUP_FORMAT_VERSION = 1;

/**
 * Tables of the schema a backup leaves out, each with why. Every other table is in it: tables are
 * read from the catalog, so a new one is backed up without anyone listing it.
 */
export const TABLES_NOT_BACKED_UP: Readonly<Record<string, string>> = {
  schema_migrations: 'the header records the schema version; restore runs the migrations up to it',
};

/** Rows per statement: each query stays short (PGlite runs one at a time) and a batch small. */
const BATCH_ROWS = 500;
// Any fixed number: of several processes on one PostgreSQL, one takes the daily backup.
const BACKUP_LOCK_ID = 72_410_002;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  /** The latest migration applied to the data backed up. */
  schemaVersion: string;
  createdAt: string;
  database: Database['kind'];
  tables: { name: string; rows: number }[];
  /** Each sequence's state, so that ids handed out before are never handed out again. */
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
}

/** A database to restore a backup into for its verification, dropped when closed. */
export type OpenScratchDatabase = () => Promise<{ db: Database; close(): Promise<void> }>;

export class BackupError extends Error {}

const FILE_PATTERN = /^checkn-(\d{8}T\d{6}\d{3}Z)-(.+)\.jsonl\.gz$/;

/** `checkn-20261127T030000123Z-0035_thread_returned_by_index.jsonl.gz`: sorts by time. */
function fileName(createdAt: Date, schemaVersion: string): string {
  const stamp = createdAt.toISOString().replace(/[-:.]/g, '');
  return `checkn-${stamp}-${schemaVersion}.jsonl.gz`;
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The tables of the current schema, by name. */
export async function listTables(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    'select tablename as name from pg_tables where schemaname = current_schema() order by tablename',
  );
  return rows.map((row) => row.name);
}

export interface BackupResult {
  file: string;
  header: BackupHeader;
}

/**
 * Writes a backup of `db` into `dir`, verifies it by restoring it into a scratch database and
 * comparing every table's row count, then keeps only the newest `keep` good backups. A file that
 * fails verification is renamed `….failed` and the error thrown. Returns null when `onlyIfFree`
 * and another process holds the backup lock (it is taking the same backup).
 */
export async function takeBackup(options: {
  db: Database;
  dir: string;
  keep: number;
  openScratch: OpenScratchDatabase;
  onlyIfFree?: boolean;
  now?: Date;
}): Promise<BackupResult | null> {
  const { db, dir } = options;
  await mkdir(dir, { recursive: true });
  const createdAt = options.now ?? new Date();
  const temporary = path.join(dir, `.checkn-backup-${randomUUID()}.partial`);
  let header: BackupHeader | null;
  try {
    header = await writeBackup(db, temporary, createdAt, options.onlyIfFree ?? false);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  if (!header) {
    await rm(temporary, { force: true });
    return null;
  }
  const file = path.join(dir, fileName(createdAt, header.schemaVersion));
  try {
    await verifyBackup(temporary, options.openScratch);
  } catch (error) {
    await rename(temporary, `${file}.failed`);
    throw new BackupError(`The backup ${file} failed its verification: ${(error as Error).message}`);
  }
  await rename(temporary, file);
  await syncFolder(dir);
  await pruneBackups(dir, options.keep);
  return { file, header };
}

/**
 * Reads every table inside one repeatable-read transaction (one snapshot: rows that refer to each
 * other are taken at the same moment), in batches by ctid, and writes the file with fsync.
 */
async function writeBackup(
  db: Database,
  file: string,
  createdAt: Date,
  onlyIfFree: boolean,
): Promise<BackupHeader | null> {
  const gzip = createGzip();
  const output = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  const written = pipeline(gzip, output);
  written.catch(() => {});
  // Backpressure: a batch waits while the file is behind.
  const write = async (text: string) => {
    if (!gzip.write(text)) await once(gzip, 'drain');
  };
  try {
    const header = await db.transaction(async (tx) => {
      await tx.query('set transaction isolation level repeatable read');
      // The snapshot is taken at this first statement.
      const { rows: locked } = await tx.query<{ locked: boolean }>(
        'select pg_try_advisory_xact_lock($1) as locked',
        [BACKUP_LOCK_ID],
      );
      if (onlyIfFree && !locked[0]?.locked) return null;
      const { rows: versions } = await tx.query<{ version: string | null }>(
        'select max(version) as version from schema_migrations',
      );
      const schemaVersion = versions[0]?.version;
      if (!schemaVersion) throw new BackupError('The database has no schema yet: nothing to back up.');
      const tables = (await listTables(tx)).filter((name) => !(name in TABLES_NOT_BACKED_UP));
      const { rows: sequences } = await tx.query<{
        name: string;
        lastValue: string | null;
        isCalled: boolean;
      }>(
        `select sequencename as name, last_value::text as "lastValue", last_value is not null as "isCalled"
           from pg_sequences where schemaname = current_schema() order by sequencename`,
      );
      // The header comes first but holds the counts: they are read first, in the same snapshot.
      const counted: BackupHeader['tables'] = [];
      for (const name of tables) {
        const { rows } = await tx.query<{ count: number | string }>(
          `select count(*) as count from ${quoteIdent(name)}`,
        );
        counted.push({ name, rows: Number(rows[0]?.count ?? 0) });
      }
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        formatVersion: BACKUP_FORMAT_VERSION,
        schemaVersion,
        createdAt: createdAt.toISOString(),
        database: db.kind,
        tables: counted,
        sequences: sequences
          .filter((sequence) => sequence.lastValue !== null)
          .map((sequence) => ({
            name: sequence.name,
            lastValue: sequence.lastValue!,
            isCalled: sequence.isCalled,
          })),
      };
      await write(`${JSON.stringify(header)}\n`);
      for (const name of tables) {
        let after = '(0,0)';
        for (;;) {
          const { rows } = await tx.query<{ at: string; row: string }>(
            `select ctid::text as at, to_jsonb(t)::text as row from ${quoteIdent(name)} t
              where ctid > $1::tid order by ctid limit ${BATCH_ROWS}`,
            [after],
          );
          if (rows.length === 0) break;
          await write(`${name}\t[${rows.map((row) => row.row).join(',')}]\n`);
          after = rows.at(-1)!.at;
          if (rows.length < BATCH_ROWS) break;
        }
      }
      return header;
    });
    gzip.end();
    await written;
    if (header) await syncFile(file);
    return header;
  } finally {
    gzip.destroy();
  }
}

/** The header of a backup file, checked to be one. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  for await (const line of backupLines(file)) return parseHeader(line, file);
  throw new BackupError(`${file} is empty: not a CheckN backup.`);
}

function parseHeader(line: string, file: string): BackupHeader {
  let header: BackupHeader;
  try {
    header = JSON.parse(line) as BackupHeader;
  } catch {
    throw new BackupError(`${file} is not a CheckN backup.`);
  }
  if (header.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a CheckN backup.`);
  if (header.formatVersion > BACKUP_FORMAT_VERSION)
    throw new BackupError(`${file} was written by a newer CheckN (backup format ${header.formatVersion}).`);
  return header;
}

async function* backupLines(file: string): AsyncGenerator<string> {
  const input = createReadStream(file).pipe(createGunzip());
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  try {
    for await (const line of lines) if (line !== '') yield line;
  } finally {
    lines.close();
    input.destroy();
  }
}

export interface RestoreResult {
  header: BackupHeader;
  /** Rows restored per table. */
  tables: { name: string; rows: number }[];
}

/**
 * Restores a backup into an empty database (no tables in its schema): migrations up to the
 * backup's schema version, every row, the sequences, all in one transaction; then the migrations
 * this code has beyond the backup's. Triggers and foreign-key checks do not fire on the rows
 * (session_replication_role = replica: a superuser's setting), so nothing is counted or sent
 * twice and the tables go in in any order.
 */
export async function restoreBackup(
  db: Database,
  file: string,
  options: { migrateAfter?: boolean } = {},
): Promise<RestoreResult> {
  const header = await readBackupHeader(file);
  const migrations = listMigrations();
  const upTo = migrations.findIndex((migration) => migration.version === header.schemaVersion);
  if (upTo === -1)
    throw new BackupError(
      `The backup is at schema version ${header.schemaVersion}, which this CheckN does not know (it knows up to ${migrations.at(-1)?.version}): restore it with the CheckN that took it, or a newer one.`,
    );
  const tables = await db.transaction(async (tx) => {
    const existing = await listTables(tx);
    if (existing.length > 0)
      throw new BackupError(
        `The database to restore into is not empty (it has ${existing.length} tables, such as ${existing[0]}): restore into a new, empty database or data folder.`,
      );
    await applyMigrations(tx, migrations.slice(0, upTo + 1));
    await tx.query('set local session_replication_role = replica');
    const known = new Set(header.tables.map((table) => table.name));
    // Rows the migrations themselves put in (texting_limits' one row) come back from the backup.
    for (const name of known) await tx.query(`delete from ${quoteIdent(name)}`);
    const restored = new Map<string, number>();
    const columns = new Map<string, string>();
    for await (const line of backupLines(file)) {
      const tab = line.indexOf('\t');
      if (tab === -1) continue; // the header
      const name = line.slice(0, tab);
      if (!known.has(name))
        throw new BackupError(`The backup has rows of table ${name} its header does not list.`);
      let list = columns.get(name);
      if (list === undefined) {
        list = await insertableColumns(tx, name);
        columns.set(name, list);
      }
      const { rows } = await tx.query<{ count: number | string }>(
        `with inserted as (
           insert into ${quoteIdent(name)} (${list}) overriding system value
           select ${list} from jsonb_populate_recordset(null::${quoteIdent(name)}, $1::jsonb)
           returning 1)
         select count(*) as count from inserted`,
        [line.slice(tab + 1)],
      );
      restored.set(name, (restored.get(name) ?? 0) + Number(rows[0]?.count ?? 0));
    }
    for (const sequence of header.sequences) {
      await tx.query('select setval($1::regclass, $2::bigint, $3)', [
        quoteIdent(sequence.name),
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }
    await tx.query('set local session_replication_role = origin');
    return header.tables.map((table) => ({ name: table.name, rows: restored.get(table.name) ?? 0 }));
  });
  if (options.migrateAfter ?? true) await migrate(db);
  return { header, tables };
}

/** The columns an insert may set (not generated ones), quoted and joined. */
async function insertableColumns(tx: Queryable, table: string): Promise<string> {
  const { rows } = await tx.query<{ name: string }>(
    `select attname as name from pg_attribute
      where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
      order by attnum`,
    [quoteIdent(table)],
  );
  return rows.map((row) => quoteIdent(row.name)).join(', ');
}

/**
 * Restores the file into a scratch database and checks each table holds as many rows as the
 * header says. Throws on any difference, or on a file that cannot be read whole.
 */
export async function verifyBackup(file: string, openScratch: OpenScratchDatabase): Promise<void> {
  const scratch = await openScratch();
  try {
    const { header } = await restoreBackup(scratch.db, file, { migrateAfter: false });
    const differences: string[] = [];
    for (const table of header.tables) {
      const { rows } = await scratch.db.query<{ count: number | string }>(
        `select count(*) as count from ${quoteIdent(table.name)}`,
      );
      const count = Number(rows[0]?.count ?? 0);
      if (count !== table.rows) differences.push(`${table.name}: ${count} rows, header says ${table.rows}`);
    }
    if (differences.length > 0) throw new BackupError(differences.join('; '));
  } finally {
    await scratch.close();
  }
}

/** The good backups in `dir`, newest first. */
export async function listBackups(dir: string): Promise<{ file: string; createdAt: Date }[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .map((name) => ({ name, match: FILE_PATTERN.exec(name) }))
    .filter((entry) => entry.match !== null)
    .map((entry) => {
      const stamp = entry.match![1]!;
      const iso = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}.${stamp.slice(15, 18)}Z`;
      return { file: path.join(dir, entry.name), createdAt: new Date(iso) };
    })
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/**
 * When the newest good (verified) backup in `dir` was taken, or null if there is none. Only
 * verified files carry the backup name: a failed one ends in `.failed`, one being written is a
 * hidden `.partial`.
 */
export async function lastGoodBackupAt(dir: string): Promise<Date | null> {
  return (await listBackups(dir))[0]?.createdAt ?? null;
}

/** Deletes the good backups beyond the newest `keep`. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const old = (await listBackups(dir)).slice(keep).map((backup) => backup.file);
  for (const file of old) await rm(file, { force: true });
  return old;
}

/**
 * fsync a file or a folder. Opened read-only: fsync flushes a file whatever its open mode, and
 * a folder cannot be opened for writing.
 */
export async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A rename is durable once its folder is synced. */
async function syncFolder(dir: string): Promise<void> {
  try {
    await syncFile(dir);
  } catch {
    // Some file systems (and Windows) cannot sync a folder: the file itself is synced.
  }
}

/** Milliseconds until the next `hour`:00 local time, after `now`. */
export function msUntilHour(hour: number, now: Date = new Date()): number {
  const next = new Date(now);
  next.setHours(hour, 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next.getTime() - now.getTime();
}

/**
 * Runs `backUp` every day at `hour`:00 local time (the server's clock), until the returned stop is
 * called. One timer at a time, unref'd: it never keeps the process alive.
 */
export function scheduleDailyBackups(hour: number, backUp: () => Promise<void>): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const next = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      backUp().finally(next);
    }, msUntilHour(hour));
    timer.unref();
  };
  next();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
