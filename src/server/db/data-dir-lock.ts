import { mkdirSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {}

/**
 * PGlite has no lock of its own, and two processes on one folder silently lose acknowledged
 * rows. We hold an exclusive lock on DATA_DIR for the life of the process; a second server on
 * the same folder refuses to start. proper-lockfile refreshes the lock's mtime, so a lock left
 * by a killed process goes stale and is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const folder = path.resolve(dataDir);
  mkdirSync(folder, { recursive: true });
  try {
    return await lockfile.lock(folder, {
      lockfilePath: path.join(folder, '.checkn.lock'),
      stale: 10_000,
      update: 2_000,
      realpath: false,
      onCompromised: (error) => {
        // Someone else took the folder: carrying on would risk the data, so stop.
        console.error(`Lost the lock on ${folder}: ${error.message}. Stopping to protect the data.`);
        process.exit(1);
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new DataDirLockedError(
        `Another CheckN server is already using the data folder ${folder}. ` +
          'Stop it first, or start this one with a different DATA_DIR (or a DATABASE_URL).',
      );
    }
    throw error;
  }
}
