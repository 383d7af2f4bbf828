/**
 * Every server, child process, folder and database the bench creates is registered here and
 * released even when a step throws, on Ctrl+C, and (synchronously, as far as possible) on exit.
 */

interface CleanupStep {
  name: string;
  run: () => Promise<void>;
  /** The synchronous last resort for a process 'exit' handler. */
  now?: () => void;
  done: boolean;
}

const cleanupSteps: CleanupStep[] = [];

/** Registers a release step and returns it, so the caller can run it as soon as it is done. */
export function onCleanup(name: string, run: () => Promise<void>, now?: () => void): () => Promise<void> {
  const step: CleanupStep = { name, run, done: false, ...(now ? { now } : {}) };
  cleanupSteps.push(step);
  return () => runStep(step);
}

async function runStep(step: CleanupStep): Promise<void> {
  if (step.done) return;
  step.done = true;
  try {
    await step.run();
  } catch (error) {
    console.error(`cleanup failed (${step.name}): ${(error as Error).message}`);
  }
}

export async function cleanUpAll(): Promise<void> {
  for (const step of [...cleanupSteps].reverse()) await runStep(step);
}

process.on('exit', () => {
  for (const step of [...cleanupSteps].reverse()) {
    if (step.done) continue;
    try {
      step.now?.();
    } catch {
      // Exiting anyway; nothing more can be done here.
    }
  }
});

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // Ctrl+C reaches us twice: from the terminal and relayed by tsx.
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping servers and removing bench databases…`);
    void cleanUpAll().finally(() => process.exit(130));
  });
}
