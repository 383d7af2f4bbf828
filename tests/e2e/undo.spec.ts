import { openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';
import { confirmDialog, fillAndConfirm, openLanding, serviceButton } from './support/walk-in.ts';

test('Remove waits 5 s with Undo; the customer hears only of the final step', async ({ page, browser }) => {
  const name = `Undo ${Date.now() % 100000}`;
  await openLanding(page);
  await serviceButton(page, 'Facials').click();
  await page.getByRole('button', { name: 'Next' }).click();
  await fillAndConfirm(page, name);
  await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
  await expect(page.locator('.live-status')).toContainText(/in line/);

  const staff = await openConsole(browser);
  const desk = await openConsole(browser);
  const row = staff.locator('.board-row').filter({ hasText: name });
  let removals = 0;
  staff.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/remove')) removals += 1;
  });

  // Remove, then Undo: nothing was sent, nobody else saw it.
  await row.getByText('More').click();
  await row.getByRole('button', { name: 'Remove' }).click();
  await expect(row).toContainText(`${name} removed from the list.`);
  await row.getByRole('button', { name: 'Undo' }).click();
  await expect(row.getByRole('button', { name: 'Call' })).toBeVisible();
  await staff.waitForTimeout(6_000);
  expect(removals).toBe(0);
  await expect(page.locator('.live-status')).toContainText(/in line/);
  await expect(desk.locator('.board-row').filter({ hasText: name }).locator('.status-pill')).toHaveText(
    'Waiting',
  );

  // Remove and let it stand: sent once, after the wait; then the customer is told.
  await row.getByText('More').click();
  await row.getByRole('button', { name: 'Remove' }).click();
  await expect(row).toContainText('Undo');
  await expect(page.getByText('You are no longer on the wait list.')).toBeVisible();
  expect(removals).toBe(1);
  await expect(desk.locator('.board-row').filter({ hasText: name }).locator('.status-pill')).toHaveText(
    'Cancelled',
  );
});
