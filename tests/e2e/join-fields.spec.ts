import type { Page } from '@playwright/test';
import { openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';
import { confirmDialog, nameInput, openLanding, phoneInput, serviceButton } from './support/walk-in.ts';

const joinFieldsForm = (settings: Page) =>
  settings
    .locator('form')
    .filter({ has: settings.getByRole('heading', { name: 'Questions when customers join' }) });

/** Issue 24 item 7: the business's own questions when customers join (docs/join-fields.md). */
test('the owner asks "Stylist preference"; a customer must answer it, and the board shows the answer', async ({
  page,
  browser,
}) => {
  const name = `Stylist ${Date.now() % 100000}`;
  const settings = await openConsole(browser, 'settings');
  const form = joinFieldsForm(settings);
  await form.getByRole('button', { name: 'Add a question' }).click();
  await form.getByLabel('Question', { exact: true }).fill('Stylist preference');
  await form.getByLabel('Required').check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Saved')).toBeVisible();

  try {
    const board = await openConsole(browser);
    await openLanding(page);
    await serviceButton(page, 'Facials').click();
    await page.getByRole('button', { name: 'Next' }).click();
    // Under name and phone, as the owner named it.
    const stylist = page.getByLabel('Stylist preference', { exact: true });
    await expect(stylist).toBeVisible();
    await nameInput(page).fill(name);
    await phoneInput(page).pressSequentially('4155550177');
    await page.getByRole('button', { name: 'Next' }).click();
    // Refused under the field, nothing typed lost, no confirmation.
    await expect(stylist).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Please fill in Stylist preference')).toBeVisible();
    await expect(confirmDialog(page)).toHaveCount(0);
    await expect(nameInput(page)).toHaveValue(name);
    await expect(phoneInput(page)).toHaveValue('+1 (415) 555-0177');

    await stylist.fill('Maria');
    await expect(page.getByText('Please fill in Stylist preference')).toHaveCount(0);
    await page.getByRole('button', { name: 'Next' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText(/You're (next|number \d+) in line/)).toBeVisible();

    await expect(board.locator('.board-row').filter({ hasText: name })).toContainText(
      'Stylist preference: Maria',
    );
    await board.context().close();
  } finally {
    // The demo business as the other tests know it: no questions.
    await settings.reload();
    const again = joinFieldsForm(settings);
    await again.getByRole('button', { name: 'Remove Stylist preference' }).click();
    await again.getByRole('button', { name: 'Save' }).click();
    await expect(again.getByText('Saved')).toBeVisible();
    await settings.context().close();
  }
});
