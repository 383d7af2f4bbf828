/**
 * The loop of an outbox's sender (texts, webhooks): a pass every `pollMs`, a `kick` for a pass
 * soon after a change queued something, one pass at a time (one asked for during a pass runs
 * right after it), and a stop that waits for the pass under way, so a clean stop leaves nothing
 * half-sent. What a pass does is the sender's; the loop only decides when.
 *
 * A pass answers whether it found work. After passes that found none, the wait doubles up to
 * `idlePollMs`: an idle server does not query its outbox every second. Work found, or a kick,
 * brings the wait back to `pollMs`.
 */
export function createPollingLoop(options: {
  pollMs: number;
  /** The longest wait between passes while they find nothing; `pollMs` (the default) never waits longer. */
  idlePollMs?: number;
  /** From a change to its pass: changes made together share one pass. */
  kickDelayMs?: number;
  /** One pass; `stopping()` turns true when the server stops, to end a long batch early. */
  pass: (stopping: () => boolean) => Promise<{ foundWork: boolean }>;
  /** A pass that threw (it is tried again at the next one). */
  onFailure: (error: unknown) => void;
}) {
  const { pollMs, kickDelayMs = 20 } = options;
  const idlePollMs = Math.max(options.idlePollMs ?? pollMs, pollMs);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wait = pollMs;
  let running = false;
  let again = false;
  let stopped = false;
  let kickScheduled = false;
  const stopping = () => stopped;

  function schedule(): void {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => void run(), wait);
    timer.unref();
  }

  async function run(): Promise<void> {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    let foundWork = false;
    try {
      do {
        again = false;
        if ((await options.pass(stopping)).foundWork) foundWork = true;
      } while (again && !stopped);
    } catch (error) {
      if (!stopped) options.onFailure(error);
    } finally {
      running = false;
      wait = foundWork ? pollMs : Math.min(wait * 2, idlePollMs);
      schedule();
    }
  }

  return {
    start(): void {
      void run();
    },
    /** After a change queued something: a pass now rather than at the next poll. */
    kick(): void {
      if (kickScheduled || stopped) return;
      kickScheduled = true;
      wait = pollMs;
      setTimeout(() => {
        kickScheduled = false;
        void run();
      }, kickDelayMs).unref();
    },
    /** Runs one pass and waits for it (tests). */
    async drain(): Promise<void> {
      await run();
      while (running) await new Promise((resolve) => setTimeout(resolve, 5));
    },
    /** Stops polling and waits for the pass under way. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      while (running) await new Promise((resolve) => setTimeout(resolve, 10));
    },
  };
}

export type PollingLoop = ReturnType<typeof createPollingLoop>;
