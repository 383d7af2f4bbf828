import v8 from 'node:v8';

/**
 * The embedded database's memory settings (issue 25 item 3, docs/memory.md): a salon's server may
 * have 1 GB in all.
 *
 * PGlite keeps PostgreSQL's default shared_buffers, 128 MB (160 MB as PGlite counts it), and a
 * server touched most of it within minutes: WASM memory is never given back. A business's data, a
 * busy year of visits included, is a few tens of MB, and the folder's files stay in the kernel's
 * page cache besides: a page read from there costs a copy, not a disk seek. The Insights of a busy
 * year were timed with both (BENCH_ONLY=memory). PGLITE_SHARED_BUFFERS sets another size.
 */
export const DEFAULT_SHARED_BUFFERS = '16MB';

/** The start flags that size PostgreSQL's memory. */
export const memoryParams = (sharedBuffers: string): string[] => ['-c', `shared_buffers=${sharedBuffers}`];

/**
 * Asks V8 to keep the process's heaps small (`--optimize-for-size`), for a server on the embedded
 * database: the small-server default. Measured (BENCH_ONLY=memory, docs/memory.md): a first start's
 * peak 457 → 394 MB and a restart's idle 240 → 216 MB, for about 7 % fewer joins/s on PGlite in
 * the same hour. PostgreSQL, the way to more throughput, keeps V8's defaults. Set at the very start:
 * the flag steers how the heaps grow from then on.
 */
export function keepHeapsSmall(): void {
  v8.setFlagsFromString('--optimize-for-size');
}
