import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from './storage-keys.ts';

class MemoryStorage {
  values = new Map<string, string>();
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

const session = { customerId: 'customer-1', token: 'token-1' };

describe('analytics events from the customer app (spec §1, §7)', () => {
  let localStorage: MemoryStorage;
  let pageHide: () => void;
  let backOnline: () => void;
  let online: boolean;
  let fetchMock: ReturnType<typeof vi.fn>;
  let signIn: Promise<Response>;

  /** The module as a freshly opened page loads it. */
  async function openPage() {
    vi.resetModules();
    return import('./analytics.ts');
  }
  const analyticsCalls = () =>
    fetchMock.mock.calls
      .filter(([url]) => url === '/api/v1/analytics/events')
      .map(([, init]) => ({
        authorization: (init as RequestInit & { headers: Record<string, string> }).headers.authorization,
        body: JSON.parse((init as RequestInit).body as string),
      }));

  beforeEach(() => {
    vi.useFakeTimers();
    localStorage = new MemoryStorage();
    signIn = new Promise(() => {});
    fetchMock = vi.fn((url: string) =>
      url === '/api/v1/customers/anonymous' ? signIn : Promise.resolve(new Response(null, { status: 204 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('window', {
      localStorage,
      sessionStorage: new MemoryStorage(),
      addEventListener: (type: string, listener: () => void) => {
        if (type === 'pagehide') pageHide = listener;
        if (type === 'online') backOnline = listener;
      },
    });
    vi.stubGlobal('document', { addEventListener: () => {}, visibilityState: 'visible' });
    online = true;
    vi.stubGlobal('navigator', {
      get onLine() {
        return online;
      },
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("sends a batch with the customer's token, each event naming its business", async () => {
    localStorage.setItem(storageKeys.customerSession, JSON.stringify(session));
    const { logEvent } = await openPage();
    logEvent('screen_view', { screen_name: 'home', params: '{}', companyId: null });
    logEvent('walk_in_next_pressed', { companyId: 'demo', service: 'Facials' });
    await vi.advanceTimersByTimeAsync(2_000);
    const [call, ...more] = analyticsCalls();
    expect(more).toEqual([]);
    expect(call!.authorization).toBe('Bearer token-1');
    expect(call!.body.userId).toBeUndefined();
    expect(call!.body.events).toEqual([
      expect.objectContaining({ name: 'screen_view', companyId: null }),
      expect.objectContaining({
        name: 'walk_in_next_pressed',
        companyId: 'demo',
        params: { companyId: 'demo', service: 'Facials' },
      }),
    ]);
  });

  it('holds events until the anonymous sign-in gives a token, then sends them with it', async () => {
    let answerSignIn: (response: Response) => void = () => {};
    signIn = new Promise((resolve) => {
      answerSignIn = resolve;
    });
    const { logEvent } = await openPage();
    logEvent('screen_view', { screen_name: 'walk_in', params: '{}', companyId: 'demo' });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(analyticsCalls()).toEqual([]);
    answerSignIn(Response.json({ customerId: 'customer-2', token: 'token-2' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(analyticsCalls()).toEqual([
      expect.objectContaining({
        authorization: 'Bearer token-2',
        body: expect.objectContaining({ events: [expect.objectContaining({ name: 'screen_view' })] }),
      }),
    ]);
  });

  it('keeps events over a page closed before sign-in, and the next page sends them once', async () => {
    const first = await openPage();
    first.logEvent('walk_in_service_selected', { companyId: 'demo', service: 'Facials' });
    pageHide();
    expect(analyticsCalls()).toEqual([]);
    expect(localStorage.getItem(storageKeys.analyticsQueue)).toContain('walk_in_service_selected');

    localStorage.setItem(storageKeys.customerSession, JSON.stringify(session));
    await openPage();
    // Taken over at once: a second tab opening now finds nothing to send twice.
    expect(localStorage.getItem(storageKeys.analyticsQueue)).toBeNull();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(analyticsCalls()).toEqual([
      {
        authorization: 'Bearer token-1',
        body: expect.objectContaining({
          events: [expect.objectContaining({ name: 'walk_in_service_selected', companyId: 'demo' })],
        }),
      },
    ]);
  });

  it('sends a batch again that did not arrive (offline, server error), when back online or later', async () => {
    localStorage.setItem(storageKeys.customerSession, JSON.stringify(session));
    let answer: () => Promise<Response> = () => Promise.reject(new TypeError('Failed to fetch'));
    fetchMock.mockImplementation(() => answer());
    const { logEvent } = await openPage();
    logEvent('user_info_next_pressed', { companyId: 'demo', service: 'Facials' });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(analyticsCalls()).toHaveLength(1);

    // Back online: sent again at once.
    answer = () => Promise.resolve(new Response(null, { status: 503 }));
    backOnline();
    await vi.advanceTimersByTimeAsync(0);
    expect(analyticsCalls()).toHaveLength(2);
    // A server error: again later, the same events.
    answer = () => Promise.resolve(new Response(null, { status: 204 }));
    await vi.advanceTimersByTimeAsync(30_000);
    const calls = analyticsCalls();
    expect(calls).toHaveLength(3);
    expect(calls.map((call) => call.body.events.map((event: { name: string }) => event.name))).toEqual([
      ['user_info_next_pressed'],
      ['user_info_next_pressed'],
      ['user_info_next_pressed'],
    ]);
    // Delivered: nothing more.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(analyticsCalls()).toHaveLength(3);
  });

  it('drops a batch the server refuses (it would be refused again)', async () => {
    localStorage.setItem(storageKeys.customerSession, JSON.stringify(session));
    fetchMock.mockImplementation(() => Promise.resolve(new Response(null, { status: 400 })));
    const { logEvent } = await openPage();
    logEvent('user_info_next_pressed', { companyId: 'demo', service: 'Facials' });
    await vi.advanceTimersByTimeAsync(2_000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(analyticsCalls()).toHaveLength(1);
  });

  it('keeps the events for the next page when the page closes offline', async () => {
    localStorage.setItem(storageKeys.customerSession, JSON.stringify(session));
    const { logEvent } = await openPage();
    logEvent('walk_in_next_pressed', { companyId: 'demo', service: 'Facials' });
    online = false;
    pageHide();
    expect(analyticsCalls()).toEqual([]);
    expect(localStorage.getItem(storageKeys.analyticsQueue)).toContain('walk_in_next_pressed');
  });
});
