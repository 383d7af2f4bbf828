import { expect, test } from './support/fixtures.ts';
import { firstDemoProvider as firstProvider, openServiceRequest } from './support/providers.ts';

test('a service request to a named provider: validation, spinner, and the success view', async ({
  page,
  browser,
}) => {
  const provider = await openServiceRequest(page, browser, { originatorPhoneNumber: '4155550100' });
  await expect(page.getByText(provider.name, { exact: true })).toBeVisible();
  await expect(page.getByText(provider.speciality, { exact: true })).toBeVisible();
  for (const label of ['First name', 'Last name', 'Phone number']) {
    await expect(page.getByLabel(label)).toHaveAttribute('required', '');
  }

  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Please enter name & phone number')).toBeVisible();

  await page.getByLabel('First name').fill('Rosa');
  await page.getByLabel('Last name').fill('Parks');
  await page.getByLabel('Phone number').pressSequentially('4155550190');
  await expect(page.getByLabel('Phone number')).toHaveValue('+1 (415) 555-0190');

  let sent: Record<string, string> = {};
  await page.route('**/api/v1/functions/addClient', async (route) => {
    sent = route.request().postDataJSON();
    // Slow enough to see the spinner overlay and the disabled button.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.locator('.form-overlay')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sending…' })).toBeDisabled();

  await expect(page.getByText("You're all set!")).toBeVisible();
  await expect(page.getByText(`Your request was sent to ${provider.name}!`)).toBeVisible();
  await expect(page.getByText('We just sent you a text message.')).toBeVisible();
  expect(sent).toEqual({
    spId: provider.id,
    spName: provider.name,
    spSpeciality: provider.speciality,
    companyId: 'demo',
    clientName: 'Rosa Parks',
    clientPhoneNumber: '+14155550190',
  });
});

test.describe('when the request fails', () => {
  test.use({ allowedConsoleErrors: [/net::ERR_FAILED/] });

  test('a failed request ends the spinner and keeps the form as typed', async ({ page }) => {
    const provider = await firstProvider(page.request);
    await page.route('**/api/v1/functions/addClient', (route) => route.abort());
    await page.goto(`/add-client/${provider.id}?companyId=demo&spName=Maria%20Lopez&spSpeciality=Color`);
    await page.getByLabel('First name').fill('Tom');
    await page.getByLabel('Phone number').pressSequentially('4155550191');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeEnabled();
    await expect(page.locator('.form-overlay')).toHaveCount(0);
    await expect(page.getByLabel('First name')).toHaveValue('Tom');
    await expect(page.getByLabel('Phone number')).toHaveValue('+1 (415) 555-0191');
  });
});

test('a link to a provider who does not work there says so at once, before anything is typed', async ({
  page,
}) => {
  // Left the business, or a mistyped link: the server knows no such provider there.
  await page.goto('/add-client/0f3c7b1e-0000-4000-8000-000000000000?companyId=demo&spName=Maria%20Lopez');
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await expect(
    page.getByText('That provider does not work at this business. Ask them for a new link.'),
  ).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveCount(0);
  // An id that cannot be one: the same, without asking.
  await page.goto('/add-client/sp-1?companyId=demo&spName=Maria');
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
});
