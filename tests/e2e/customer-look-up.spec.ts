import { openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';
import { confirmDialog, fillAndConfirm, openLanding, serviceButton } from './support/walk-in.ts';

test("a search the owner mistyped does not leave the last number's visits on screen as its answer", async ({
  page,
  browser,
}) => {
  const digits = `41555${String(Date.now() % 100000).padStart(5, '0')}`;
  await openLanding(page);
  await serviceButton(page, 'Massage').click();
  await page.getByRole('button', { name: 'Next' }).click();
  await fillAndConfirm(page, 'Looked Up', digits);
  await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
  await expect(page.locator('.live-status')).toContainText(/in line/);

  const owner = await openConsole(browser, 'customers');
  const phone = owner.getByLabel('Phone number');
  const found = owner.getByRole('heading', { name: /^1 visit with / });
  await phone.fill(digits);
  await owner.getByRole('button', { name: 'Find' }).click();
  await expect(found).toBeVisible();
  await expect(owner.getByText('Looked Up')).toBeVisible();

  await phone.fill('abc');
  await owner.getByRole('button', { name: 'Find' }).click();
  await expect(
    owner.getByRole('status').filter({ hasText: 'Please enter a 10-digit phone number' }),
  ).toBeVisible();
  await expect(found).toHaveCount(0);
  await expect(owner.getByText('Looked Up')).toHaveCount(0);
  await expect(owner.getByRole('button', { name: 'Erase their data' })).toHaveCount(0);

  // The number again: its visits come back.
  await phone.fill(digits);
  await owner.getByRole('button', { name: 'Find' }).click();
  await expect(found).toBeVisible();
  await owner.context().close();
});
