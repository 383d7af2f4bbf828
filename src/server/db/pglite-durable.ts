/**
 * Acknowledged means on disk, on the embedded database too (issue 25 item 2, docs/durability.md).
 *
 * PGlite starts PostgreSQL with `-F` (fsync off), and even without it nothing would reach the disk:
 * in Node its files live on Emscripten's NODEFS, whose streams have no `fsync`, so PostgreSQL's
 * fsync() returns at once having done nothing, and its fdatasync() is a no-op in every Emscripten
 * filesystem. So the folder starts with fsync on and `wal_sync_method=fsync` (the one method that
 * reaches the stream's `fsync`), and NODEFS's streams get an `fsync` that asks the kernel to write
 * the file's data to the device. A commit then returns after its WAL record is on disk; checkpoints
 * sync the data files the same way.
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

/** PGlite's own start flags without `-F`, with the WAL synced through fsync(). */
export const DURABLE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams.filter((flag) => flag !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];

/** Emscripten's errno for EIO (its own numbering, not Linux's 5). */
const EMSCRIPTEN_EIO = 29;

interface NodeFsStream {
  nfd: number;
}

interface EmscriptenFs {
  ErrnoError: new (errno: number) => Error;
  lookupPath(path: string): { node: { stream_ops?: { fsync?: (stream: NodeFsStream) => number } } };
}

/**
 * Gives the data folder's streams (all of NODEFS's: they share one operations table) an fsync that
 * syncs the real file. fdatasync is enough for data (a file's size is written with it); a
 * directory, which PostgreSQL syncs after creating or renaming a file in it, may refuse it on
 * some filesystems and gets fsync.
 */
export function syncWritesToDisk(pg: PGlite): void {
  const paths = (PGlite as unknown as { paths: { PGDATA: string } }).paths;
  const FS = (pg as unknown as { Module: { FS: EmscriptenFs } }).Module.FS;
  const operations = FS.lookupPath(paths.PGDATA).node.stream_ops;
  if (!operations) throw new Error('PGlite data folder: no stream operations to make durable');
  operations.fsync = (stream) => {
    try {
      try {
        fs.fdatasyncSync(stream.nfd);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EINVAL') throw error;
        fs.fsyncSync(stream.nfd);
      }
    } catch {
      // As the C library would answer: EIO. PostgreSQL stops rather than trust a failed sync.
      throw new FS.ErrnoError(EMSCRIPTEN_EIO);
    }
    return 0;
  };
}
