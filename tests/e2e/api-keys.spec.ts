import { expectNoAxeViolations } from './support/a11y.ts';
import { openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';

test('the owner makes a key for the POS, which adds a walk-in to the board, and revokes it', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const page = await openConsole(browser, 'settings');
  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'API keys' }) });
  await card.scrollIntoViewIfNeeded();

  // A key needs a name: said under the field, nothing made.
  await card.getByRole('button', { name: 'Make key' }).click();
  const name = card.getByLabel('What will use the key');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('Please name the key (what uses it)');

  const posName = `Front desk POS ${Date.now()}`;
  await name.fill(posName);
  await card.getByLabel('It may').selectOption({ label: 'Read and change the line' });
  await card.getByRole('button', { name: 'Make key' }).click();
  const shown = page.getByRole('dialog', { name: `Your new key: ${posName}` });
  await expect(shown.getByText('It is shown only this once')).toBeVisible();
  const secret = await shown.getByRole('textbox').inputValue();
  expect(secret).toMatch(/^ckn_[A-Za-z0-9_-]{43}$/);
  await expectNoAxeViolations(page);
  await shown.getByRole('button', { name: 'Done' }).click();

  const row = card.getByRole('listitem').filter({ hasText: posName });
  await expect(row).toContainText(`Read and change the line · ${secret.slice(0, 8)}…`);
  await expect(row).toContainText('Never used.');
  // The key itself is nowhere on the page once the dialog is closed.
  await expect(page.getByText(secret.slice(8))).toHaveCount(0);

  // The POS adds a walk-in with it; the board shows them.
  const pos = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${secret}` },
  });
  const added = await pos.post('/api/v1/line', { data: { name: 'Pos Walk-in', serviceType: 'Massage' } });
  expect(added.status(), await added.text()).toBe(201);
  await page.getByRole('link', { name: 'Board' }).click();
  await expect(page.getByText('Pos Walk-in').first()).toBeVisible();

  // Revoked from Settings: the POS is refused at once, in words it can show.
  await page.goto('/console/settings');
  await row.getByRole('button', { name: 'Revoke' }).click();
  const confirm = page.getByRole('dialog', { name: `Revoke the key ${posName}?` });
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(row).toHaveCount(0);
  const refused = await pos.get('/api/v1/line');
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.message).toContain('not valid or was revoked');
  await pos.dispose();
  await page.context().close();
});
