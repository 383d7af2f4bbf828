import { expect, test } from './support/fixtures.ts';

// The API's readable docs (Swagger UI) run under the app's content policy: a script or style it
// refused would be a console error, which fails the test (fixtures.ts).
test('the API docs show the document made from the routes', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /CheckN API/ })).toBeVisible();
  await expect(
    page.getByText('/api/v1/companies/{companyId}/wait-list', { exact: true }).first(),
  ).toBeVisible();
});
