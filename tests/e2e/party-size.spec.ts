import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y.ts';
import { openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';
import { confirmDialog, nameInput, openLanding, phoneInput, serviceButton } from './support/walk-in.ts';

const partySizeForm = (settings: Page) =>
  settings.locator('form').filter({ has: settings.getByRole('heading', { name: 'Parties' }) });

/** Issue 24 item 7: party size, one place per person, linked on the board (docs/party-size.md). */
test('the owner takes parties of up to 4; a customer joins with 3 people, and the board shows them as one party', async ({
  page,
  browser,
}) => {
  const name = `Party ${Date.now() % 100000}`;
  const settings = await openConsole(browser, 'settings');
  const form = partySizeForm(settings);
  const largest = form.getByLabel('Largest party');
  await expect(largest).toHaveValue('1');
  await largest.selectOption('4');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Saved')).toBeVisible();

  try {
    const board = await openConsole(browser);
    await openLanding(page);
    await serviceButton(page, 'Facials').click();
    await page.getByRole('button', { name: 'Next' }).click();
    // Under name and phone: 1 to the business's 4, one person unless the customer says more.
    const people = page.getByLabel('People in your party');
    await expect(people).toHaveValue('1');
    await expect(people.locator('option')).toHaveText(['Just me', '2 people', '3 people', '4 people']);
    await expectNoAxeViolations(page);
    await nameInput(page).fill(name);
    await phoneInput(page).pressSequentially('4155550178');
    await people.selectOption('3');
    await page.getByRole('button', { name: 'Next' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText(/You're (next|number \d+) in line/)).toBeVisible();
    await expect(page.getByText(/^Party of 3: you and 2 others, together in line/)).toBeVisible();

    // One party on the board: its label over its three rows, each with its own buttons.
    const party = board.locator('.board-party').filter({ hasText: `Party of 3 · ${name}` });
    await expect(party).toBeVisible();
    const rows = party.locator('.board-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.locator('.board-row__name')).toHaveText([
      `${name}1 of 3`,
      `${name} +12 of 3`,
      `${name} +23 of 3`,
    ]);
    for (const row of await rows.all()) await expect(row.getByRole('button', { name: 'Call' })).toBeVisible();
    await expect(board.getByRole('list', { name: `Party of 3 · ${name}` })).toBeVisible();
    await board.context().close();

    // The kiosk at the door asks the same.
    await page.goto('/demo/kiosk');
    await page.getByRole('button', { name: /Facials/ }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel('People in your party').locator('option')).toHaveCount(4);
  } finally {
    // The demo business as the other tests know it: one person per join.
    await settings.reload();
    const again = partySizeForm(settings);
    await again.getByLabel('Largest party').selectOption('1');
    await again.getByRole('button', { name: 'Save' }).click();
    await expect(again.getByText('Saved')).toBeVisible();
    await settings.context().close();
  }
});
