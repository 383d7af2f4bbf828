/**
 * Reads a feed (ics-feed.ts) in a thread of its own. A feed is up to 2 MB of someone else's text:
 * ical.js took 2 s of one core for 13,000 events, and a rule that repeats daily since 2015 is
 * walked from its first day. On the main thread that would hold up every request and socket
 * (the reason PGlite has its own thread, decisions/0004). In a thread, a feed that takes too
 * long or too much memory is stopped and said so, and the server goes on.
 */
import { Worker } from 'node:worker_threads';
import type { FeedProblem } from './feed-problems.ts';
import { IcsFeedError, type IcsReadResult } from './ics-feed-result.ts';

export interface IcsThreadRequest {
  text: string;
  window: { from: number; to: number };
  timeZone: string;
}

export type IcsThreadAnswer =
  | { ok: true; result: IcsReadResult }
  | { ok: false; feedError: FeedProblem }
  | { ok: false; failure: string };

export interface IcsThreadLimits {
  timeoutMs: number;
  /** The thread's heap: a 2 MB feed parses in well under this. */
  maxHeapMb: number;
}

export const DEFAULT_ICS_THREAD_LIMITS: IcsThreadLimits = { timeoutMs: 20_000, maxHeapMb: 256 };

/** From the TypeScript sources (tests), the thread registers tsx itself, as pglite.ts does. */
function startThread(workerData: IcsThreadRequest, limits: IcsThreadLimits): Worker {
  const fromSources = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSources ? './ics-feed-worker.ts' : './ics-feed-worker.js', import.meta.url);
  const resourceLimits = { maxOldGenerationSizeMb: limits.maxHeapMb };
  if (!fromSources) return new Worker(entry, { workerData, resourceLimits });
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`,
    { eval: true, workerData, resourceLimits },
  );
}

/** One feed at a time per process: the server has few cores, and syncs can wait their turn. */
let queue: Promise<unknown> = Promise.resolve();

/** readBusyBlocks, off the main thread, stopped after `timeoutMs`. */
export function readBusyBlocksInThread(
  request: IcsThreadRequest,
  limits: IcsThreadLimits = DEFAULT_ICS_THREAD_LIMITS,
): Promise<IcsReadResult> {
  const run = queue.then(() => readOnce(request, limits));
  queue = run.catch(() => undefined);
  return run;
}

function readOnce(request: IcsThreadRequest, limits: IcsThreadLimits): Promise<IcsReadResult> {
  return new Promise<IcsReadResult>((resolve, reject) => {
    const thread = startThread(request, limits);
    let settled = false;
    const settle = (error: Error | null, result?: IcsReadResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      void thread.terminate();
      if (error) reject(error);
      else resolve(result!);
    };
    const deadline = setTimeout(() => settle(new IcsFeedError({ code: 'tooComplex' })), limits.timeoutMs);
    thread.on('message', (answer: IcsThreadAnswer) => {
      if (answer.ok) settle(null, answer.result);
      else if ('feedError' in answer) settle(new IcsFeedError(answer.feedError));
      else settle(new Error(`calendar feed thread: ${answer.failure}`));
    });
    // Out of memory (ERR_WORKER_OUT_OF_MEMORY) is the feed's size; anything else is ours.
    thread.on('error', (error: Error & { code?: string }) =>
      settle(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new IcsFeedError({ code: 'tooComplex' }) : error),
    );
    thread.on('exit', () => settle(new Error('calendar feed thread ended without an answer')));
  });
}
