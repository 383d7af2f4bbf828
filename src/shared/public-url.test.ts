import { describe, expect, it } from 'vitest';
import { isLocalAddress } from './public-url.ts';

describe('isLocalAddress', () => {
  it("is true for the server's own machine: the fallback when PUBLIC_URL is not set, and loopback", () => {
    for (const url of [
      'http://localhost:3000',
      'http://LOCALHOST:3000/',
      'http://checkn.localhost:3000',
      'http://127.0.0.1:3199',
      'http://127.1.2.3',
      'http://[::1]:3000',
      'http://0.0.0.0:3000',
    ])
      expect(isLocalAddress(url), url).toBe(true);
  });

  it('is false for an address a phone can open: a domain, a LAN address, or not a URL at all', () => {
    for (const url of [
      'https://wait.example.com',
      'http://192.168.1.20:3000',
      'http://10.0.0.5',
      'https://localhost.example.com',
      'https://127.example.com',
      'not a url',
    ])
      expect(isLocalAddress(url), url).toBe(false);
  });
});
