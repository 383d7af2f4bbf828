import { expect, test } from './support/fixtures.ts';
import {
  customer,
  nameInput,
  openLanding,
  openUserInfo,
  overflowsHorizontally,
  phoneInput,
} from './support/walk-in.ts';

// The narrowest phone in common use.
test.use({ viewport: { width: 320, height: 640 } });

test('the landing page fits a 320 px screen, with and without the error', async ({ page }) => {
  await openLanding(page);
  expect(await overflowsHorizontally(page)).toBe(false);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please select service', { exact: true })).toBeVisible();
  expect(await overflowsHorizontally(page)).toBe(false);
});

test('the user-info page fits a 320 px screen, with and without the red phone field', async ({ page }) => {
  await openUserInfo(page);
  expect(await overflowsHorizontally(page)).toBe(false);
  await nameInput(page).fill(customer.name);
  await phoneInput(page).pressSequentially('415');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(phoneInput(page)).toHaveAttribute('aria-invalid', 'true');
  expect(await overflowsHorizontally(page)).toBe(false);
});
