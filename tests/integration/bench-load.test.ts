import { describe, expect, it } from 'vitest';
import { combineLoads, type LoadResult } from '../../bench/http-load.ts';

const load = (seconds: number, answered: number, statusCodes: Record<string, number>): LoadResult => ({
  label: 'turn',
  seconds,
  connections: 50,
  requests: answered,
  requestsPerSecond: (statusCodes['201'] ?? 0) / seconds,
  p50Ms: 0,
  p99Ms: 0,
  maxMs: 0,
  non2xx: answered - (statusCodes['201'] ?? 0),
  errors: 0,
  timeouts: 0,
  statusCodes,
});

describe('the bench tells turns of one kind as one run (combineLoads)', () => {
  it('adds up requests and seconds, and reads percentiles from every request time', () => {
    // A fast turn (100 answers at 1 ms) and a slow one (100 at 50 ms, one 2xx short).
    const latencies = [...Array.from({ length: 100 }, () => 1), ...Array.from({ length: 100 }, () => 50)];
    const combined = combineLoads(
      'join',
      [load(2, 100, { '201': 100 }), load(3, 100, { '201': 99, '429': 1 })],
      latencies,
    );
    expect(combined).toMatchObject({
      label: 'join',
      seconds: 5,
      requests: 200,
      // 199 answered 2xx in 5 s, not the mean of 50/s and 33/s.
      requestsPerSecond: 199 / 5,
      non2xx: 1,
      statusCodes: { '201': 199, '429': 1 },
      p50Ms: 1,
      p99Ms: 50,
      maxMs: 50,
    });
  });

  it('answers zeros for no requests at all', () => {
    expect(combineLoads('raw insert', [], [])).toMatchObject({ seconds: 0, requestsPerSecond: 0, p99Ms: 0 });
  });
});
