import { test as base, expect, type Page, type Request, type Response } from '@playwright/test';
import type { BusinessSettings, StaffMe } from '../../../src/shared/staff-schemas.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';

/** The not-found pages answer 404 on purpose; Chromium logs each as a console error. */
const EXPECTED_404 = /^Failed to load resource: the server responded with a status of 404/;

interface Options {
  /** Console errors a test causes on purpose (an aborted request), on top of the 404s. */
  allowedConsoleErrors: RegExp[];
}

interface Fixtures {
  /** Fails the test on any uncaught page error or unexpected console.error. */
  failOnPageErrors: undefined;
  /**
   * Renames the demo business (as its owner, through the API). Its seeded name comes back after
   * the test, passed, failed or timed out: the other tests expect it.
   */
  renameBusiness: (name: string) => Promise<void>;
}

/**
 * A customer page arrives rendered by the server (docs/decisions/0008) and only works once React
 * has hydrated it: a tap before that does nothing, as for a person on a slow phone. Tests act after
 * it, as a person does once the page responds. React marks each node it hydrated with its fiber.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    if (!document.getElementById('checkn-route-data')) return true;
    const node = document.querySelector('#root main, #root > div');
    return node !== null && Object.keys(node).some((key) => key.startsWith('__reactFiber$'));
  });
}

export const test = base.extend<Options & Fixtures>({
  allowedConsoleErrors: [[], { option: true }],
  page: async ({ page, javaScriptEnabled }, use) => {
    if (!javaScriptEnabled) return use(page);
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (options?.waitUntil !== 'commit') await waitForHydration(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      if (options?.waitUntil !== 'commit') await waitForHydration(page);
      return response;
    };
    await use(page);
  },
  renameBusiness: async ({ playwright, baseURL }, use) => {
    const owner = await playwright.request.newContext({ baseURL });
    const me = (await (
      await owner.post('/api/v1/staff/sign-in', { data: DEMO_ACCOUNTS.owner })
    ).json()) as StaffMe;
    const seeded = (await (await owner.get('/api/v1/staff/settings')).json()) as BusinessSettings;
    const rename = async (name: string) => {
      const { street, city, state, zip } = seeded;
      const response = await owner.put('/api/v1/staff/settings/company', {
        headers: { 'x-csrf-token': me.csrfToken },
        data: { name, street, city, state, zip },
      });
      expect(response.ok(), `renamed to ${name}`).toBe(true);
    };
    let renamed = false;
    await use(async (name) => {
      renamed = true;
      await rename(name);
    });
    if (renamed) await rename(seeded.name);
    await owner.dispose();
  },
  failOnPageErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.stack ?? error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (EXPECTED_404.test(text) || allowedConsoleErrors.some((pattern) => pattern.test(text))) return;
        problems.push(`console.error: ${text}`);
      });
      await use(undefined);
      expect(problems, 'errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const WAIT_LIST_API = '/api/v1/companies/demo/wait-list';

const isJoin = (method: string, url: string) => method === 'POST' && new URL(url).pathname === WAIT_LIST_API;

/** Every join request and response of the page, in order, for assertions on what was sent. */
export function recordJoins(page: Page): { requests: Request[]; responses: Response[] } {
  const requests: Request[] = [];
  const responses: Response[] = [];
  page.on('request', (request) => {
    if (isJoin(request.method(), request.url())) requests.push(request);
  });
  page.on('response', (response) => {
    if (isJoin(response.request().method(), response.url())) responses.push(response);
  });
  return { requests, responses };
}

/** Counts history entries the app pushes or replaces, by URL, to catch double navigations. */
export async function recordHistoryWrites(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const writes: string[] = [];
    (window as unknown as { __historyWrites: string[] }).__historyWrites = writes;
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
        if (url !== undefined && url !== null) writes.push(String(url));
        original(data, unused, url);
      };
    }
  });
  return () => page.evaluate(() => [...(window as unknown as { __historyWrites: string[] }).__historyWrites]);
}
