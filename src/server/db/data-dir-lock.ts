import { randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {}

/** Held locks, with who took them over because their owner had died (null: the folder was free). */
export interface DataDirLock {
  release(): Promise<void>;
  /** The process id of a killed server whose lock this one took over at once. */
  tookOverFrom: number | null;
}

interface LockOwner {
  pid: number;
  host: string;
  id: string;
}

const LOCK = '.checkn.lock';
const OWNER = '.checkn.lock-owner.json';
const GATE = '.checkn.lock-gate';
/** Ids of the locks this process holds: a recorded owner with our pid but another id is a former life. */
const heldHere = new Set<string>();

/**
 * PGlite has no lock of its own, and two processes on one folder silently lose acknowledged
 * rows. We hold an exclusive lock on DATA_DIR for the life of the process; a second server on
 * the same folder refuses to start. proper-lockfile refreshes the lock's mtime, so a lock left
 * by a killed process goes stale after 10 s and is taken over. Waiting that long after a kill -9
 * is an outage, so the holder also records its pid and host: a lock whose owner is a process of
 * this host that no longer runs is taken over at once. Owners on another host (a shared volume)
 * cannot be checked and keep the 10 s rule.
 *
 * The folder is made private to its user (0700): PGlite writes its files readable and writable by
 * everyone, and the folder is what keeps other users of the machine out of them.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const folder = path.resolve(dataDir);
  mkdirSync(folder, { recursive: true });
  chmodSync(folder, 0o700);
  // Taking over removes the dead owner's lock and makes a new one: two servers starting at once
  // must not both do it (the second would remove the first's new lock), so they take turns.
  const releaseGate = await lockfile
    .lock(path.join(folder, GATE), {
      lockfilePath: path.join(folder, GATE),
      stale: 10_000,
      // Held for a few milliseconds; one left by a process killed while holding it goes stale.
      retries: { retries: 10, minTimeout: 20, maxTimeout: 200 },
      realpath: false,
    })
    .catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ELOCKED' ? lockedError(folder) : error;
    });
  try {
    return await lockOrTakeOver(folder);
  } finally {
    await releaseGate();
  }
}

async function lockOrTakeOver(folder: string): Promise<DataDirLock> {
  let tookOverFrom: number | null = null;
  let release: () => Promise<void>;
  try {
    release = await lockFolder(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const owner = readOwner(folder);
    if (!owner || !isDeadOwner(owner)) throw lockedError(folder);
    rmSync(path.join(folder, LOCK), { recursive: true, force: true });
    release = await lockFolder(folder).catch((again: NodeJS.ErrnoException) => {
      throw again.code === 'ELOCKED' ? lockedError(folder) : again;
    });
    tookOverFrom = owner.pid;
  }
  const owner: LockOwner = { pid: process.pid, host: hostname(), id: randomUUID() };
  writeOwner(folder, owner);
  heldHere.add(owner.id);
  return {
    tookOverFrom,
    async release() {
      heldHere.delete(owner.id);
      rmSync(path.join(folder, OWNER), { force: true });
      await release();
    },
  };
}

function lockFolder(folder: string): Promise<() => Promise<void>> {
  return lockfile.lock(folder, {
    lockfilePath: path.join(folder, LOCK),
    stale: 10_000,
    update: 2_000,
    realpath: false,
    onCompromised: (error) => {
      // Someone else took the folder: carrying on would risk the data, so stop.
      console.error(`Lost the lock on ${folder}: ${error.message}. Stopping to protect the data.`);
      process.exit(1);
    },
  });
}

function lockedError(folder: string): DataDirLockedError {
  return new DataDirLockedError(
    `Another CheckN server is already using the data folder ${folder}. ` +
      'Stop it first, or start this one with a different DATA_DIR (or a DATABASE_URL).',
  );
}

function writeOwner(folder: string, owner: LockOwner): void {
  // Written whole, then renamed: a reader never sees half a file.
  const temporary = path.join(folder, `${OWNER}.${process.pid}`);
  writeFileSync(temporary, JSON.stringify(owner), { mode: 0o600 });
  renameSync(temporary, path.join(folder, OWNER));
}

/** The recorded owner, or null when there is none (it was killed before writing it) or it is unreadable. */
function readOwner(folder: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(path.join(folder, OWNER), 'utf8')) as Partial<LockOwner>;
    const valid =
      Number.isSafeInteger(owner.pid) &&
      owner.pid! > 0 &&
      typeof owner.host === 'string' &&
      typeof owner.id === 'string';
    return valid ? (owner as LockOwner) : null;
  } catch {
    return null;
  }
}

function isDeadOwner(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return false;
  // In a container the server often has the same pid after a restart as the one that was killed.
  if (owner.pid === process.pid) return !heldHere.has(owner.id);
  return !isRunning(owner.pid);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
