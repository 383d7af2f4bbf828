/**
 * What the realtime load generator's main thread (realtime-clients.ts) and its socket threads
 * (realtime-socket-worker.ts) say to each other, and the clock they share.
 */

/** Milliseconds on a clock shared by every thread of the process (each has its own timeOrigin). */
export const now = () => performance.timeOrigin + performance.now();

export interface SocketPlan {
  /** Index into the `servers` of the open command. */
  server: number;
  /** Staff: the session cookie, sent with the upgrade. */
  cookie?: string;
  /** Customer: the bearer token, sent as the first message. */
  token?: string;
  topics: string[];
}

export type ToSocketWorker =
  | { op: 'open'; index: number; url: string; plan: SocketPlan; timeoutMs: number }
  | { op: 'close-all' };

export type FromSocketWorker =
  | { op: 'opened'; index: number; seqs: [string, number][] }
  | { op: 'failed'; index: number; reason: string }
  /** Frames read since the last batch: socket index, when it was read, its text. */
  | { op: 'frames'; indexes: number[]; at: number[]; texts: string[] }
  | { op: 'closed'; index: number }
  | { op: 'all-closed' };
