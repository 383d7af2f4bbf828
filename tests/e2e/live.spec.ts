import type { Page } from '@playwright/test';
import { openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';
import { confirmDialog, fillAndConfirm, openLanding, serviceButton } from './support/walk-in.ts';

async function joinAs(page: Page, name: string, service = 'Facials'): Promise<void> {
  await openLanding(page);
  await serviceButton(page, service).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await fillAndConfirm(page, name);
  await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(`Your request was sent to Bella Demo Salon for ${service}.`)).toBeVisible();
}

const row = (console: Page, name: string) => console.locator('.board-row').filter({ hasText: name });

test('a walk-in joins, the board shows it, staff call, chat both ways, and finish', async ({
  page,
  browser,
}) => {
  const name = `Live ${Date.now() % 100000}`;
  const staff = await openConsole(browser);

  await joinAs(page, name);
  await expect(page.locator('.live-status')).toContainText(/in line/);

  // The new walk-in appears on the board without a reload, highlighted.
  await expect(row(staff, name)).toBeVisible();
  await expect(row(staff, name).locator('.status-pill')).toHaveText('Waiting');
  await expect(row(staff, name)).toHaveClass(/board-row--new/);

  const offerNotifications = page.getByRole('button', { name: 'Turn on notifications' });
  await expect(offerNotifications).toBeVisible();
  await row(staff, name).getByRole('button', { name: 'Call' }).click();
  await expect(page.getByText("It's your turn! Please come to the front desk.")).toBeVisible();
  // Once called, "notify me when it is my turn" is no longer offered.
  await expect(offerNotifications).toHaveCount(0);
  await expect(row(staff, name).locator('.status-pill')).toHaveText('Called');

  // Customer → staff.
  await page.getByRole('link', { name: /Message Bella Demo Salon/ }).click();
  await expect(page.getByRole('heading', { name: 'Bella Demo Salon' })).toBeVisible();
  const input = page.getByPlaceholder('Write a message');
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0);
  await input.fill('Running 5 minutes late <b>sorry</b>');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(input).toHaveValue('');
  await expect(page.locator('.chat-message--mine')).toContainText('Running 5 minutes late <b>sorry</b>');

  await row(staff, name)
    .getByRole('button', { name: `Chat ${name}` })
    .click();
  const panel = staff.getByRole('complementary', { name: 'Chat' });
  await expect(panel).toContainText('Running 5 minutes late <b>sorry</b>');

  // Staff → customer, live.
  await panel.getByPlaceholder('Write a message').fill('No problem, see you soon!');
  await panel.getByPlaceholder('Write a message').press('Enter');
  await expect(page.locator('.chat-message').filter({ hasText: 'No problem, see you soon!' })).toBeVisible();
  await expect(page.locator('.chat-message--mine').filter({ hasText: 'No problem' })).toHaveCount(0);
  await expect(page.locator('.chat-message__time').first()).toHaveText(
    /^\d{1,2}\/\d{1,2}\/\d{2}, \d{1,2}:\d{2} (am|pm)$/,
  );

  // Done straight from called; the customer's page follows.
  await page.goBack();
  await row(staff, name).getByText('More').click();
  await row(staff, name).getByRole('button', { name: 'Done' }).click();
  await expect(row(staff, name).locator('.status-pill')).toHaveText('Done');
  await expect(page.getByText('All done. Thank you for visiting Bella Demo Salon!')).toBeVisible();
  await staff.context().close();
});

test('a customer who leaves the line disappears from the waiting list on the board', async ({
  page,
  browser,
}) => {
  const name = `Leaver ${Date.now() % 100000}`;
  const staff = await openConsole(browser);
  await joinAs(page, name, 'Massage');
  await expect(row(staff, name).locator('.status-pill')).toHaveText('Waiting');

  await page.getByRole('button', { name: 'Leave the wait list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave the wait list?' });
  await expect(dialog).toContainText('You will lose your place in line.');
  await dialog.getByRole('button', { name: 'Stay in line' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(staff, name).locator('.status-pill')).toHaveText('Waiting');

  await page.getByRole('button', { name: 'Leave the wait list' }).click();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByText('You are no longer on the wait list.')).toBeVisible();
  await expect(row(staff, name).locator('.status-pill')).toHaveText('Cancelled');
  await staff.context().close();
});

test('a wrong password is refused with a clear message', async ({ browser }) => {
  const context = await browser.newContext();
  const staff = await context.newPage();
  await staff.goto('/console');
  await staff.getByLabel('Email').fill('owner@demo.test');
  await staff.getByLabel('Password').fill('not-the-password');
  await staff.getByRole('button', { name: 'Sign in' }).click();
  await expect(staff.getByText('That email and password do not match.')).toBeVisible();
  await context.close();
});
