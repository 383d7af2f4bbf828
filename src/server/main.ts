/**
 * Entry point: read config, open the database, listen, and close everything on SIGTERM/SIGINT.
 * With WORKERS > 1 this process supervises that many workers (cluster.ts), each running this file.
 */
import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { superviseWorkers } from './cluster.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { BackupError, lastGoodBackupAt, scheduleDailyBackups, takeBackup } from './db/backup.ts';
import { scratchDatabaseFor } from './db/backup-scratch.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import type { Database } from './db/database.ts';
import { listMigrations, NewerSchemaError, pendingMigrations } from './db/migrate.ts';
import { type OpenedDatabase, openDatabase } from './db/open-database.ts';
import { keepHeapsSmall } from './db/pglite-memory.ts';
import { handOverConnections } from './http/hand-over-connections.ts';
import { DEMO_COMPANY_ID, seedDemoCompany } from './seed/demo.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) keepHeapsSmall();
  const logger = pino({ level: config.logLevel });
  if (cluster.isWorker) return serveAsWorker(config, logger);

  // Migrations (with their backup first), the demo seed and the daily backup happen here, once,
  // before any worker starts: workers never serve a half-migrated schema, and N processes never
  // race to back up or migrate. Workers only check that nothing is left to migrate.
  let appModule: Promise<typeof import('./app.ts')> | undefined;
  const loadApp = () => {
    appModule ??= import('./app.ts');
    // Awaited below; until then a failed import must not end the process as an unhandled rejection.
    appModule.catch(() => {});
    return appModule;
  };
  const database = await openPreparedDatabase(config, logger, {
    // The app's modules (Fastify, its plugins, every feature: about 0.3 s) load while PGlite's
    // thread opens the data folder (about 0.4 s). Not sooner: loading them holds the event loop,
    // which the folder's lock and the WASM compilation need before the thread can begin. The
    // primary of several workers serves nothing and never loads them.
    onOpening: config.workers === 1 ? loadApp : undefined,
  });
  const { db } = database;
  const shouldSeed = config.seedDemo === 'always' || (config.seedDemo === 'auto' && db.kind === 'pglite');
  if (shouldSeed && (await seedDemoCompany(db)))
    logger.info({ companyId: DEMO_COMPANY_ID }, 'seeded demo business');

  // The daily backup: taken by this process only, also when it supervises workers.
  const stopBackups = scheduleDailyBackups(config.backups.hour, async () => {
    try {
      const taken = await backUp(config, db, true);
      if (taken) logger.info({ file: taken.file }, 'daily backup taken and verified');
    } catch (error) {
      logger.error({ err: error }, 'the daily backup failed');
    }
  });

  if (config.workers > 1) {
    await superviseAsPrimary(config, logger, async () => {
      stopBackups();
      await database.close();
    });
    return;
  }

  const app = await listen(config, logger, db, await loadApp()).catch(async (error: unknown) => {
    stopBackups();
    await database.close();
    throw error;
  });
  logger.info(
    `CheckN is ready at ${config.publicUrl} (demo business: ${config.publicUrl}/${DEMO_COMPANY_ID})`,
  );
  closeGracefullyOnSignal(logger, async () => {
    stopBackups();
    await app.close();
    await database.close();
  });
}

function backUp(config: Config, db: Database, onlyIfFree: boolean) {
  return takeBackup({
    db,
    dir: config.backups.dir,
    keep: config.backups.keep,
    openScratch: scratchDatabaseFor(config.databaseUrl),
    onlyIfFree,
  });
}

/** Opens the database and migrates it, taking a backup first when it already holds data. */
async function openPreparedDatabase(
  config: Config,
  logger: Logger,
  options: { onOpening?: () => void },
): Promise<OpenedDatabase> {
  const database = await openDatabase(config, {
    onOpening: options.onOpening,
    // Existing data about to be migrated: a backup first, at the schema it was written with
    // (docs/backups.md). No backup, no migration: the server does not start.
    async beforeMigrations(db, pending) {
      if (pending.length === listMigrations().length) return;
      logger.info({ pending }, 'backing up before the migrations');
      try {
        const taken = await backUp(config, db, false);
        logger.info({ file: taken?.file }, 'backed up before the migrations');
      } catch (error) {
        throw new BackupError(
          `CheckN did not migrate the data: the backup before the migrations failed (${(error as Error).message})`,
        );
      }
    },
    // Every statement would fail from now on: better a restart (systemd, Docker) than a server
    // that answers every request with an error. Acknowledged rows are on disk (PGlite survives
    // kill -9).
    onEmbeddedDatabaseFailure(error) {
      logger.fatal({ err: error }, 'the embedded database stopped; exiting so that it can be restarted');
      process.exit(1);
    },
  });
  if (database.tookOverLockFrom) {
    logger.warn(
      { pid: database.tookOverLockFrom },
      'took over the data folder from a server that is no longer running (process %d)',
      database.tookOverLockFrom,
    );
  }
  logger.info(
    { database: database.db.kind, dataDir: database.db.kind === 'pglite' ? config.dataDir : undefined },
    'database ready',
  );
  return database;
}

/** Builds the app and listens on the port (in a worker: the port the cluster shares). */
async function listen(
  config: Config,
  logger: Logger,
  db: Database,
  { buildApp }: typeof import('./app.ts'),
): Promise<FastifyInstance> {
  const app = await buildApp({
    config,
    db,
    logger,
    // Readiness and /metrics show the age of the newest verified backup (docs/operations.md).
    lastGoodBackupAt: () => lastGoodBackupAt(config.backups.dir),
  });
  await app.listen({ host: config.host, port: config.port });
  return app;
}

/** A worker of WORKERS > 1: its own pool, the shared port; the primary migrated already. */
async function serveAsWorker(config: Config, logger: Logger): Promise<void> {
  // SIGHUP is the primary's (a rolling restart); its default action would end a worker that gets
  // it too, as every process of a terminal's group does.
  process.on('SIGHUP', () => {});
  // Never migrates: old workers would serve the new schema during a rolling restart, and the
  // backup before migrations is the primary's. A new build with migrations pending stops here,
  // before it listens, so a rolling restart to it stops and the old workers keep serving.
  const [database, appModule] = await Promise.all([
    openDatabase(config, { migrate: false }),
    import('./app.ts'),
  ]);
  const pending = await pendingMigrations(database.db).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  if (pending.length > 0) {
    await database.close();
    throw new PendingMigrationsError(pending);
  }
  const app = await listen(config, logger, database.db, appModule).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  // The primary sends SIGTERM to stop this worker (a rolling restart, or stopping them all).
  closeGracefullyOnSignal(logger, async () => {
    await handOverConnections(app.server);
    await app.close();
    await database.close();
  });
}

async function superviseAsPrimary(config: Config, logger: Logger, closeOwn: () => Promise<void>) {
  const supervisor = superviseWorkers({
    count: config.workers,
    // This file: main.ts under tsx, dist/server/main.js once built.
    exec: fileURLToPath(import.meta.url),
    logger,
  });
  process.on('SIGHUP', () => {
    logger.info({ signal: 'SIGHUP' }, 'rolling restart asked for');
    void supervisor.rollingRestart();
  });
  closeGracefullyOnSignal(
    logger,
    async () => {
      await supervisor.stop();
      await closeOwn();
    },
    // Past the workers' own deadline and the primary's kill of a stuck one.
    30_000,
  );
  try {
    await supervisor.started;
  } catch (error) {
    await supervisor.stop();
    await closeOwn();
    throw error;
  }
  logger.info(
    `CheckN is ready at ${config.publicUrl} with ${config.workers} workers (demo business: ${config.publicUrl}/${DEMO_COMPANY_ID})`,
  );
}

class PendingMigrationsError extends Error {
  constructor(pending: string[]) {
    super(
      `This worker did not start: migrations ${pending.join(', ')} are pending, and only a full restart runs them (docs/operations.md).`,
    );
  }
}

/** On SIGTERM or SIGINT: `close` once, then exit; a close that hangs is cut off at the deadline. */
function closeGracefullyOnSignal(logger: Logger, close: () => Promise<void>, deadlineMs = 15_000): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    // A request stuck longer than this must not keep the database open forever.
    const forceExit = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, deadlineMs);
    forceExit.unref();
    try {
      await close();
      logger.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof NewerSchemaError ||
    error instanceof BackupError ||
    error instanceof PendingMigrationsError
  ) {
    console.error(error.message);
  } else {
    console.error('CheckN could not start:', error);
  }
  process.exit(1);
});
