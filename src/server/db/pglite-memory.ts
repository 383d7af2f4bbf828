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
export const DEFAULT_SHARED_BUFFERS = '32MB';

/** The start flags that size PostgreSQL's memory. */
export const memoryParams = (sharedBuffers: string): string[] => ['-c', `shared_buffers=${sharedBuffers}`];
