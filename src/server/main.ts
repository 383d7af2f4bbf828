/** Entry point: read config, open the database, listen, and close everything on SIGTERM/SIGINT. */
import pino from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { BackupError, lastGoodBackupAt, scheduleDailyBackups, takeBackup } from './db/backup.ts';
import { scratchDatabaseFor } from './db/backup-scratch.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import type { Database } from './db/database.ts';
import { listMigrations, NewerSchemaError } from './db/migrate.ts';
import { openDatabase } from './db/open-database.ts';
import { DEMO_COMPANY_ID, seedDemoCompany } from './seed/demo.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel });
  // The app's modules (Fastify, its plugins, every feature: about 0.3 s) load while PGlite's
  // thread opens the data folder (about 0.4 s). Not sooner: loading them holds the event loop,
  // which the folder's lock and the WASM compilation need before the thread can begin.
  let appModule: Promise<typeof import('./app.ts')> | undefined;
  const loadApp = () => {
    appModule ??= import('./app.ts');
    // Awaited below; until then a failed import must not end the process as an unhandled rejection.
    appModule.catch(() => {});
    return appModule;
  };
  const backUp = (db: Database, onlyIfFree: boolean) =>
    takeBackup({
      db,
      dir: config.backups.dir,
      keep: config.backups.keep,
      openScratch: scratchDatabaseFor(config.databaseUrl),
      onlyIfFree,
    });
  const database = await openDatabase(config, {
    onOpening: loadApp,
    // Existing data about to be migrated: a backup first, at the schema it was written with
    // (docs/backups.md). No backup, no migration: the server does not start.
    async beforeMigrations(db, pending) {
      if (pending.length === listMigrations().length) return;
      logger.info({ pending }, 'backing up before the migrations');
      try {
        const taken = await backUp(db, false);
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
  const { db } = database;
  if (database.tookOverLockFrom) {
    logger.warn(
      { pid: database.tookOverLockFrom },
      'took over the data folder from a server that is no longer running (process %d)',
      database.tookOverLockFrom,
    );
  }
  logger.info(
    { database: db.kind, dataDir: db.kind === 'pglite' ? config.dataDir : undefined },
    'database ready',
  );

  const shouldSeed = config.seedDemo === 'always' || (config.seedDemo === 'auto' && db.kind === 'pglite');
  if (shouldSeed && (await seedDemoCompany(db)))
    logger.info({ companyId: DEMO_COMPANY_ID }, 'seeded demo business');

  const { buildApp } = await loadApp();
  const app = await buildApp({
    config,
    db,
    logger,
    // Readiness and /metrics show the age of the newest verified backup (docs/operations.md).
    lastGoodBackupAt: () => lastGoodBackupAt(config.backups.dir),
  });
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await database.close();
    throw error;
  }
  logger.info(
    `CheckN is ready at ${config.publicUrl} (demo business: ${config.publicUrl}/${DEMO_COMPANY_ID})`,
  );

  // The daily backup; with several processes on one PostgreSQL, one of them takes it.
  const stopBackups = scheduleDailyBackups(config.backups.hour, async () => {
    try {
      const taken = await backUp(db, true);
      if (taken) logger.info({ file: taken.file }, 'daily backup taken and verified');
    } catch (error) {
      logger.error({ err: error }, 'the daily backup failed');
    }
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    // A request stuck longer than this must not keep the database open forever.
    const forceExit = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    forceExit.unref();
    try {
      stopBackups();
      await app.close();
      await database.close();
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
    error instanceof BackupError
  ) {
    console.error(error.message);
  } else {
    console.error('CheckN could not start:', error);
  }
  process.exit(1);
});
