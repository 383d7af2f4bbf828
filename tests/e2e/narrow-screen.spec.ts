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

test.describe('the console', () => {
  // Before signing in, the console asks who is signed in and is told 401: that is the sign-in page.
  test.use({ allowedConsoleErrors: [/status of 401/] });

  test('the console fits a 320 px screen: every section and Sign out within reach', async ({ page }) => {
    await page.goto('/console/settings');
    await page.getByLabel('Email').fill('owner@demo.test');
    await page.getByLabel('Password').fill('demo-owner');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByLabel('Time zone')).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Console' });
    for (const section of ['Board', 'Text messages', 'Insights', 'Settings'])
      await expect(nav.getByRole('link', { name: section })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeInViewport({ ratio: 1 });
    expect(await overflowsHorizontally(page)).toBe(false);
  });
});
