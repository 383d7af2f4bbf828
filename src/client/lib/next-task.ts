/**
 * Gives the browser the main thread (a tap, a paint) before the next piece of work: the app's
 * start is cut into pieces that each stay short on a slow phone (docs/decisions/0010). Not
 * setTimeout: a background tab runs timers at most once a second. boot.ts has its own copy (it
 * imports nothing, to stay one small file).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
