import { openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';
import { confirmDialog, fillAndConfirm, openLanding, serviceButton, storage } from './support/walk-in.ts';

test('Forget me takes the customer off the board and erases their details, after saying what will happen', async ({
  page,
  browser,
}) => {
  const name = `Forget ${Date.now() % 100000}`;
  await openLanding(page);
  await serviceButton(page, 'Facials').click();
  await page.getByRole('button', { name: 'Next' }).click();
  await fillAndConfirm(page, name);
  await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
  await expect(page.locator('.live-status')).toContainText(/in line/);

  const owner = await openConsole(browser);
  await expect(owner.locator('.board-row').filter({ hasText: name })).toBeVisible();

  await page.getByRole('button', { name: 'Forget me' }).click();
  const dialog = confirmDialog(page);
  await expect(dialog).toContainText(
    'You will leave the wait list at Bella Demo Salon. Your name, phone number and messages at Bella Demo Salon will be erased',
  );
  await dialog.getByRole('button', { name: 'Erase my details' }).click();

  await expect(page.getByRole('heading', { name: 'Your details were erased' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start again' })).toBeVisible();
  expect(await storage(page, 'local', 'checkn.userName')).toBeNull();
  // Live, without a reload: the board no longer shows their name anywhere.
  await expect(owner.getByText(name)).toHaveCount(0);
  await owner.reload();
  await expect(owner.getByText('Bella Demo Salon', { exact: true })).toBeVisible();
  await expect(owner.getByText(name)).toHaveCount(0);
  // The visit stays among the finished ones, saying why it has no name.
  await expect(
    owner.locator('.board-row--cancelled').filter({ hasText: 'Details erased' }).first(),
  ).toBeVisible();
});
