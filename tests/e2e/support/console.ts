import type { Browser, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { expect } from './fixtures.ts';

export { DEMO_ACCOUNTS };

/**
 * A staff member at the front desk: a tablet-sized page signed in to the demo's console (as its
 * owner unless told), on `section` (the board when empty; 'texts', 'settings'). Another
 * business's account names its `business`, which the console then shows; `timezoneId` sets the
 * tablet's own clock (the machine's unless told).
 */
export async function openConsole(
  browser: Browser,
  section = '',
  account: { email: string; password: string } = DEMO_ACCOUNTS.owner,
  { business = 'Bella Demo Salon', timezoneId }: { business?: string; timezoneId?: string } = {},
): Promise<Page> {
  // In English whatever the test's own phone speaks (docs/languages.md: the console follows its reader).
  const context = await browser.newContext({
    viewport: { width: 1180, height: 820 },
    timezoneId,
    locale: 'en-US',
  });
  const page = await context.newPage();
  await page.goto(`/console/${section}`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(business, { exact: true })).toBeVisible();
  return page;
}

/**
 * Takes everyone off the demo's line (as its owner, through the staff API), for a test that counts
 * places from the front: the specs before it leave customers waiting.
 */
export async function emptyDemoLine(browser: Browser): Promise<void> {
  const staff = await browser.newContext();
  await staff.request.post('/api/v1/staff/sign-in', { data: DEMO_ACCOUNTS.owner });
  const me = await (await staff.request.get('/api/v1/staff/me')).json();
  const board = (await (await staff.request.get('/api/v1/staff/board')).json()) as {
    entries: { waitId: string; status: string }[];
  };
  for (const entry of board.entries.filter((one) =>
    ['waiting', 'called', 'in_service'].includes(one.status),
  )) {
    const removed = await staff.request.post(`/api/v1/staff/wait-entries/${entry.waitId}/remove`, {
      headers: { 'x-csrf-token': me.csrfToken },
    });
    expect(removed.ok(), await removed.text()).toBe(true);
  }
  await staff.close();
}
