import { expect, test } from './support/fixtures.ts';

test('an unknown business says so and links back home', async ({ page }) => {
  await page.goto('/no-such-salon');
  await expect(page.getByRole('heading', { name: 'Business not found' })).toBeVisible();
  const home = page.getByRole('link', { name: 'Enter another code' });
  await expect(home).toHaveAttribute('href', '/');
  await home.click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'CheckN Walkin Service' })).toBeVisible();
});

test('an unknown place in line says it could not be found', async ({ page }) => {
  await page.goto('/demo/checked-in?waitId=00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'We could not find that place in line' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the business page' })).toHaveAttribute(
    'href',
    '/demo',
  );
});

test('the checked-in page without a waitId says it could not be found', async ({ page }) => {
  await page.goto('/demo/checked-in');
  await expect(page.getByRole('heading', { name: 'We could not find that place in line' })).toBeVisible();
});

test('an unknown deep path shows "Page not found"', async ({ page }) => {
  await page.goto('/a/b/c/d');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
});
