import { expect, test } from './support/fixtures.ts';

test('the home page shows the splash text and opens a business by its code', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'CheckN Walkin Service' })).toBeVisible();

  const open = page.getByRole('button', { name: 'Open' });
  await open.click();
  await expect(page.getByText('Please enter a business code')).toBeVisible();
  await expect(page).toHaveURL('/');

  await page.getByLabel('Business code').fill('demo');
  await expect(page.getByText('Please enter a business code')).toHaveCount(0);
  await open.click();
  await expect(page).toHaveURL('/demo');
  await expect(page.getByRole('heading', { name: 'Walk ins' })).toBeVisible();
});
