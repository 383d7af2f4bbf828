import type { Browser, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * A staff member at the front desk: a tablet-sized page signed in to the demo's console as its
 * owner, on `section` (the board when empty; 'texts', 'settings').
 */
export async function openConsole(browser: Browser, section = ''): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1180, height: 820 } });
  const page = await context.newPage();
  await page.goto(`/console/${section}`);
  await page.getByLabel('Email').fill('owner@demo.test');
  await page.getByLabel('Password').fill('demo-owner');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Bella Demo Salon', { exact: true })).toBeVisible();
  return page;
}
