import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPollingLoop } from './polling-loop.ts';

describe('the outbox senders’ polling loop', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits longer after each pass that finds nothing, up to the idle wait, and polls at once again after work', async () => {
    const passesAt: number[] = [];
    let work = false;
    const loop = createPollingLoop({
      pollMs: 1_000,
      idlePollMs: 4_000,
      pass: async () => {
        passesAt.push(Date.now());
        return { foundWork: work };
      },
      onFailure: (error) => {
        throw error;
      },
    });
    const start = Date.now();
    loop.start();
    await vi.advanceTimersByTimeAsync(15_000);
    // 0, then waits of 2, 4, 4, 4 s (the first empty pass doubles 1 s).
    expect(passesAt.map((at) => at - start)).toEqual([0, 2_000, 6_000, 10_000, 14_000]);

    work = true;
    passesAt.length = 0;
    await vi.advanceTimersByTimeAsync(3_000);
    work = false;
    // The pass at 18 s found work: the next comes 1 s later, then 2 s.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(passesAt.map((at) => at - start)).toEqual([18_000, 19_000, 21_000]);
    await loop.stop();
  });

  it('a kick runs a pass soon and brings the wait back to the shortest', async () => {
    const passesAt: number[] = [];
    const loop = createPollingLoop({
      pollMs: 1_000,
      idlePollMs: 8_000,
      kickDelayMs: 20,
      pass: async () => {
        passesAt.push(Date.now());
        return { foundWork: false };
      },
      onFailure: () => {},
    });
    const start = Date.now();
    loop.start();
    await vi.advanceTimersByTimeAsync(7_100); // passes at 0, 2, 6 s; the next would be at 14 s
    loop.kick();
    loop.kick(); // one pass for kicks made together
    await vi.advanceTimersByTimeAsync(100);
    expect(passesAt.map((at) => at - start)).toEqual([0, 2_000, 6_000, 7_120]);
    await loop.stop();
  });

  it('runs one pass at a time: a kick during a pass runs another right after it', async () => {
    let inPass = 0;
    let most = 0;
    let passes = 0;
    let release: (() => void) | undefined;
    const loop = createPollingLoop({
      pollMs: 60_000,
      kickDelayMs: 0,
      pass: async () => {
        inPass += 1;
        most = Math.max(most, inPass);
        passes += 1;
        if (passes === 1) await new Promise<void>((resolve) => (release = resolve));
        inPass -= 1;
        return { foundWork: false };
      },
      onFailure: () => {},
    });
    loop.start();
    loop.kick();
    await vi.advanceTimersByTimeAsync(10);
    expect(passes).toBe(1);
    release?.();
    await vi.advanceTimersByTimeAsync(10);
    expect(passes).toBe(2);
    expect(most).toBe(1);
    await loop.stop();
  });

  it('stop waits for the pass under way and no pass starts after it', async () => {
    let finished = false;
    let passes = 0;
    const loop = createPollingLoop({
      pollMs: 1_000,
      pass: async (stopping) => {
        passes += 1;
        await new Promise((resolve) => setTimeout(resolve, 500));
        finished = stopping();
        return { foundWork: true };
      },
      onFailure: () => {},
    });
    loop.start();
    const stopped = loop.stop();
    await vi.advanceTimersByTimeAsync(600);
    await stopped;
    expect(finished).toBe(true);
    loop.kick();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(passes).toBe(1);
  });

  it('reports a pass that throws and keeps polling', async () => {
    const failures: unknown[] = [];
    let passes = 0;
    const loop = createPollingLoop({
      pollMs: 1_000,
      pass: async () => {
        passes += 1;
        if (passes === 1) throw new Error('database away');
        return { foundWork: false };
      },
      onFailure: (error) => failures.push(error),
    });
    loop.start();
    await vi.advanceTimersByTimeAsync(2_500);
    expect(failures).toHaveLength(1);
    expect(passes).toBe(3);
    await loop.stop();
  });
});
