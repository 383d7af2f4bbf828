/** The thread ics-feed-thread.ts starts for one feed: reads it and posts the blocks or the error. */
import { parentPort, workerData } from 'node:worker_threads';
import { readBusyBlocks } from './ics-feed.ts';
import { IcsFeedError } from './ics-feed-result.ts';
import type { IcsThreadAnswer, IcsThreadRequest } from './ics-feed-thread.ts';

const { text, window, timeZone } = workerData as IcsThreadRequest;
let answer: IcsThreadAnswer;
try {
  answer = { ok: true, result: readBusyBlocks(text, window, timeZone) };
} catch (error) {
  answer =
    error instanceof IcsFeedError
      ? { ok: false, feedError: error.problem }
      : { ok: false, failure: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
}
parentPort?.postMessage(answer);
