import { afterEach } from 'vitest';

/**
 * A promise nobody handles kills a server process (Node's default), so a test fails on any: the
 * one running when it happened, not only the run as a whole. The handlers are registered once per
 * worker process, however many test files it runs.
 */
const key = Symbol.for('checkn.unhandled');
const registry = globalThis as { [key]?: unknown[] };
if (!registry[key]) {
  const found: unknown[] = [];
  registry[key] = found;
  process.on('unhandledRejection', (reason) => found.push(reason));
  process.on('uncaughtException', (error) => found.push(error));
}
const seen = registry[key];

afterEach(() => {
  if (seen.length === 0) return;
  const found = seen.splice(0);
  const described = found.map((error) =>
    error instanceof Error ? (error.stack ?? error.message) : String(error),
  );
  throw new Error(`unhandled rejection or uncaught exception:\n${described.join('\n')}`);
});
