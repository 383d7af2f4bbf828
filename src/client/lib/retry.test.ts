import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-client.ts';
import { CHUNK_LOAD_TIMEOUT_MS, withChunkTimeout } from './lazy-route.ts';
import { readRetryDelay, shouldRetryRead } from './retry.ts';

describe('read retries (spec §9)', () => {
  it('backs off exponentially and caps at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(readRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries network and server errors, never a 4xx', () => {
    expect(shouldRetryRead(0, new ApiRequestError('offline', 0, 'NETWORK'))).toBe(true);
    expect(shouldRetryRead(0, new ApiRequestError('boom', 503, 'UNAVAILABLE'))).toBe(true);
    expect(shouldRetryRead(0, new ApiRequestError('nope', 404, 'COMPANY_NOT_FOUND'))).toBe(false);
    expect(shouldRetryRead(3, new ApiRequestError('boom', 500, 'INTERNAL'))).toBe(false);
  });
});

describe('lazy chunk time-out (spec §9)', () => {
  it('is 120 seconds', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('rejects a chunk that does not arrive in time and passes one that does', async () => {
    const never = withChunkTimeout(() => new Promise<never>(() => {}), 10);
    await expect(never()).rejects.toThrow('took over');
    const quick = withChunkTimeout(async () => 'module', 1_000);
    await expect(quick()).resolves.toBe('module');
  });
});
