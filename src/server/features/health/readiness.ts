import type { Readiness } from '../../../shared/health-schemas.ts';
import type { Database } from '../../db/database.ts';

/**
 * When the last good backup finished, or null when there is none yet. The backups (issue 25
 * item 1) provide it; until they are wired in app.ts, readiness says "not configured".
 */
export type LastGoodBackupAt = () => Promise<Date | null> | Date | null;

/** A database that has not answered in this long is not ready: the balancer tries another process. */
const DATABASE_CHECK_TIMEOUT_MS = 2_000;

class CheckTimedOut extends Error {}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new CheckTimedOut(`no answer within ${ms} ms`)), ms);
  });
  // The late answer (or failure) of a query that lost the race is dropped.
  promise.catch(() => {});
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether this process can serve (GET /api/health/ready): the database answers, its migrations
 * are the ones this code expects, and other processes' events reach it. One query: reaching
 * schema_migrations for the latest version proves the database is there and up to date.
 */
export function createReadiness(deps: {
  db: Database;
  /** The newest migration this code ships (migrate.ts listMigrations), read once at start. */
  latestMigration: string;
  realtimeListening: () => boolean;
  lastGoodBackupAt?: LastGoodBackupAt | undefined;
  now?: () => number;
}) {
  const { db, latestMigration } = deps;
  const now = deps.now ?? Date.now;

  async function checkDatabase(): Promise<{ reachable: boolean; migrated: boolean }> {
    try {
      const { rows } = await within(
        db.query<{ migrated: boolean }>(
          'select exists (select 1 from schema_migrations where version = $1) as migrated',
          [latestMigration],
        ),
        DATABASE_CHECK_TIMEOUT_MS,
      );
      return { reachable: true, migrated: rows[0]?.migrated === true };
    } catch {
      return { reachable: false, migrated: false };
    }
  }

  async function checkBackup(): Promise<Readiness['checks']['backup']> {
    if (!deps.lastGoodBackupAt) return { configured: false, lastGoodAt: null, ageSeconds: null };
    const at = await Promise.resolve(deps.lastGoodBackupAt()).catch(() => null);
    return {
      configured: true,
      lastGoodAt: at ? at.toISOString() : null,
      ageSeconds: at ? Math.max(0, Math.round((now() - at.getTime()) / 1000)) : null,
    };
  }

  return {
    async check(): Promise<Readiness> {
      const [database, backup] = await Promise.all([checkDatabase(), checkBackup()]);
      const checks: Readiness['checks'] = {
        database: { ok: database.reachable, kind: db.kind },
        // Not known while the database is out of reach: reported failing with it.
        migrations: { ok: database.migrated, latest: latestMigration },
        realtime: { ok: deps.realtimeListening() },
        backup,
      };
      const failing = (['database', 'migrations', 'realtime'] as const).filter((name) => !checks[name].ok);
      return { ok: failing.length === 0, failing, checks };
    },
  };
}

export type ReadinessService = ReturnType<typeof createReadiness>;
