/**
 * A first start's migrations, in a process of their own (open-database.ts). Run as
 * `node first-start-process.js <data folder> <shared_buffers>` by the server, which holds the
 * folder's lock meanwhile and opens the folder once this process has exited.
 *
 * Why a process: a first start creates the database and runs every migration, and the memory that
 * touches (the database thread's WASM memory, and what glibc's malloc arenas keep of what threads
 * freed) stays with the process that touched it. In the server's own process that was ~50 MB more
 * at idle for good (docs/memory.md); a process that exits gives it all back.
 */
import { mkdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { keepHeapsSmall } from './pglite-memory.ts';

async function run(dataDir: string, sharedBuffers: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const db = await openPglite(dataDir, { sharedBuffers });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
}

const [entry, dataDir, sharedBuffers] = process.argv.slice(1);
// Only as a process's entry, never when imported.
if (entry && import.meta.url === pathToFileURL(entry).href && dataDir && sharedBuffers) {
  keepHeapsSmall();
  run(dataDir, sharedBuffers).then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
