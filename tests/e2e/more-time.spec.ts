import type { Page } from '@playwright/test';
import { openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';
import { confirmDialog, fillAndConfirm, openLanding, serviceButton } from './support/walk-in.ts';

const row = (console: Page, name: string) => console.locator('.board-row').filter({ hasText: name });

/** Issue 24: "I need more time" and "I'm here" (docs/more-time.md). */
test("a customer asks for more time and the board says when they are back; I'm here puts them in the lobby", async ({
  page,
  browser,
}) => {
  const name = `Late ${Date.now() % 100000}`;
  const staff = await openConsole(browser);
  await openLanding(page);
  await serviceButton(page, 'Facials').click();
  await page.getByRole('button', { name: 'Next' }).click();
  await fillAndConfirm(page, name);
  await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(/You're (next|number \d+) in line/)).toBeVisible();
  await expect(row(staff, name).locator('.status-pill')).toHaveText('Waiting');

  const needMoreTime = page.getByRole('group', { name: 'I need more time' });
  await needMoreTime.getByRole('button', { name: '10 more min' }).click();
  // The business's clock: "3:40 PM".
  await expect(page.getByText(/^We'll hold your place until \d{1,2}:\d{2} (AM|PM)\.$/)).toBeVisible();
  await expect(row(staff, name)).toContainText(/Back in (10|9) min/);
  // 20 is still one tap away; 10 is what they have.
  await expect(page.getByRole('group', { name: 'Need longer?' }).getByRole('button')).toHaveText([
    '20 more min',
  ]);

  await page.getByRole('button', { name: "I'm here" }).click();
  await expect(page.getByText("You're checked in at the front desk.", { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: "I'm here" })).toHaveCount(0);
  await expect(row(staff, name)).toContainText('In the lobby');
  await expect(row(staff, name)).not.toContainText(/Back in/);
  await staff.context().close();
});
