import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureConversionToken, merchantChanged, readValidConversion } from './conversion.ts';
import { storageKeys } from './storage-keys.ts';

class MemoryStorage {
  private values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
}

describe('conversion data (spec §7, §9)', () => {
  let localStorage: MemoryStorage;
  beforeEach(() => {
    localStorage = new MemoryStorage();
    vi.stubGlobal('window', { localStorage, sessionStorage: new MemoryStorage() });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('stores rwg_token with the merchant id and the time', () => {
    captureConversionToken('?rwg_token=tok-1&x=2', 'demo', 1_000);
    expect(JSON.parse(localStorage.getItem(storageKeys.conversion)!)).toEqual({
      token: 'tok-1',
      merchantId: 'demo',
      storedAt: 1_000,
    });
  });

  it('keeps what it had when the landing page has no token', () => {
    captureConversionToken('?rwg_token=tok-1', 'demo', 1_000);
    captureConversionToken('', 'other', 2_000);
    expect(readValidConversion(2_000)?.merchantId).toBe('demo');
  });

  it('expires after 2592000000 ms (30 days)', () => {
    captureConversionToken('?rwg_token=tok-1', 'demo', 0);
    expect(readValidConversion(2_592_000_000)).not.toBeNull();
    expect(readValidConversion(2_592_000_001)).toBeNull();
  });

  it('needs a token and a merchant id', () => {
    localStorage.setItem(
      storageKeys.conversion,
      JSON.stringify({ token: '', merchantId: 'demo', storedAt: 0 }),
    );
    expect(readValidConversion(1)).toBeNull();
    localStorage.setItem(storageKeys.conversion, JSON.stringify({ token: 't', storedAt: 0 }));
    expect(readValidConversion(1)).toBeNull();
    localStorage.setItem(storageKeys.conversion, '{not json');
    expect(readValidConversion(1)).toBeNull();
  });

  it('says "1" when the stored merchant differs from the current business, else "2"', () => {
    const stored = { token: 't', merchantId: 'demo', storedAt: 0 };
    expect(merchantChanged(stored, 'demo')).toBe('2');
    expect(merchantChanged(stored, 'other-salon')).toBe('1');
  });
});
