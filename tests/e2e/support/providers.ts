import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from './console.ts';

export interface DemoProvider {
  id: string;
  name: string;
  speciality: string;
}

/** The demo's first provider (Maria Lopez), read the way the console does. */
export async function firstDemoProvider(request: APIRequestContext): Promise<DemoProvider> {
  await request.post('/api/v1/staff/sign-in', { data: DEMO_ACCOUNTS.owner });
  const board = await (await request.get('/api/v1/staff/board')).json();
  return board.providers[0] as DemoProvider;
}

/**
 * Opens the service request page (add-client) for the demo's first provider, as the link a
 * provider shares does; `extra` adds query parameters (originatorPhoneNumber); `waitUntil` as
 * Playwright's (`commit` to act before the page has loaded). The provider.
 */
export async function openServiceRequest(
  page: Page,
  browser: Browser,
  extra: Record<string, string> = {},
  { waitUntil }: { waitUntil?: 'commit' | 'load' } = {},
): Promise<DemoProvider> {
  const staff = await browser.newContext();
  const provider = await firstDemoProvider(staff.request);
  await staff.close();
  const query = new URLSearchParams({
    companyId: 'demo',
    spSpeciality: provider.speciality,
    spName: provider.name,
    ...extra,
  });
  await page.goto(`/add-client/${provider.id}?${query}`, { waitUntil });
  return provider;
}
