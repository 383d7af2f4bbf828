import { describe, expect, it } from 'vitest';
import { createRwgConversionTracker } from './conversion-tracker.ts';

describe('Reserve with Google conversion tracker', () => {
  it('posts the collector body with the configured partner id', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const tracker = createRwgConversionTracker({
      endpoint: 'http://127.0.0.1:9/collect',
      partnerId: '20001234',
      fetch: async (url, init) => {
        calls.push({ url: String(url), init: init ?? {} });
        return new Response(null, { status: 200 });
      },
    });
    await tracker.report({ rwgToken: 'abc', merchantChanged: '1' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('http://127.0.0.1:9/collect');
    expect(calls[0]!.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      conversion_partner_id: '20001234',
      rwg_token: 'abc',
      merchant_changed: '1',
    });
  });

  it('fails when the collector refuses, so the caller can log it', async () => {
    const tracker = createRwgConversionTracker({
      endpoint: 'http://127.0.0.1:9/collect',
      partnerId: 'p',
      fetch: async () => new Response(null, { status: 500 }),
    });
    await expect(tracker.report({ rwgToken: 'abc', merchantChanged: '2' })).rejects.toThrow('500');
  });
});
