import { expectNoAxeViolations } from './support/a11y.ts';
import { openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';

test('the owner adds a webhook address, reads its secret, rotates it, follows its log and removes it', async ({
  browser,
}) => {
  const page = await openConsole(browser, 'settings');
  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Webhooks' }) });
  await card.scrollIntoViewIfNeeded();
  const url = card.getByLabel('Address that receives the events');

  // Not https, then the server's own machine: each said under the field, nothing added.
  await url.fill('http://hooks.example.com/checkn');
  await card.getByRole('button', { name: 'Add address' }).click();
  await expect(url).toHaveAccessibleDescription('Use an https:// address');
  await url.fill('https://localhost/checkn');
  await card.getByRole('button', { name: 'Add address' }).click();
  await expect(url).toHaveAccessibleDescription(
    'That address is on a private network; use one the internet can reach.',
  );

  const address = `https://hooks.example.com/checkn-${Date.now()}`;
  await url.fill(address);
  await card.getByRole('button', { name: 'Add address' }).click();
  await expect(url).toHaveValue('');
  const row = card.getByRole('listitem').filter({ hasText: address });
  await expect(row.getByText('On. Nothing delivered yet.')).toBeVisible();

  await row.getByRole('button', { name: 'Show signing secret' }).click();
  const secret = row.getByLabel(`Signing secret: ${address}`);
  const first = await secret.inputValue();
  expect(first).toMatch(/^whsec_/);
  await row.getByRole('button', { name: 'Rotate secret' }).click();
  await expect(secret).not.toHaveValue(first);
  await expect(row.getByText(/The previous secret also signs until/)).toBeVisible();

  // A walk-in added at the desk is queued for the address (which this offline machine cannot reach).
  const me = await (await page.request.get('/api/v1/staff/me')).json();
  const added = await page.request.post('/api/v1/staff/walk-ins', {
    headers: { 'x-csrf-token': me.csrfToken },
    data: { name: 'Hooked Walk-in', serviceType: 'Massage' },
  });
  expect(added.status()).toBe(201);
  await row.getByRole('button', { name: 'Delivery log' }).click();
  const log = row.getByRole('list', { name: 'Delivery log' });
  await expect(log.getByText('entry.joined')).toBeVisible();
  await expectNoAxeViolations(page);

  await row.getByRole('button', { name: 'Remove' }).click();
  await page
    .getByRole('dialog', { name: `Remove ${address}?` })
    .getByRole('button', { name: 'Remove address' })
    .click();
  await expect(row).toHaveCount(0);
  await page.context().close();
});

test('an address turned off for failing is told on every console page, and in Settings with Turn on', async ({
  browser,
}) => {
  const page = await openConsole(browser, '');
  // The server turns an address off after ~17 hours of failed tries (tests/integration/webhooks.test.ts):
  // here its answer says so.
  const reason =
    'Turned off: every try of a delivery failed for about 17 hours, and nothing reached this address since.';
  await page.route('**/api/v1/staff/webhooks', (route) =>
    route.fulfill({
      json: {
        endpoints: [
          {
            id: '00000000-0000-4000-8000-000000000001',
            url: 'https://hooks.example.com/broken',
            secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0',
            previousSecretUntil: null,
            createdAt: '2026-11-27T10:00:00.000Z',
            lastSuccessAt: null,
            disabledAt: '2026-11-28T10:00:00.000Z',
            disabledReason: reason,
          },
        ],
      },
    }),
  );
  // The notice on every page reads only how many are off (no secrets).
  await page.route('**/api/v1/staff/webhooks/turned-off', (route) =>
    route.fulfill({ json: { turnedOff: 1 } }),
  );
  await page.reload();
  await expect(page.getByText(/A webhook address was turned off after failing for hours/)).toBeVisible();
  await page.getByRole('link', { name: 'Settings' }).click();
  const row = page.getByRole('listitem').filter({ hasText: 'https://hooks.example.com/broken' });
  await expect(row.getByText(`Off. ${reason}`)).toBeVisible();
  await expect(row.getByRole('button', { name: 'Turn on' })).toBeVisible();
  await page.context().close();
});
