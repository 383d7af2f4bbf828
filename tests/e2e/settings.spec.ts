import type { Locator } from '@playwright/test';
import { openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';

test('the owner sets the time zone from a list, and it is kept after a reload', async ({ browser }) => {
  const page = await openConsole(browser, 'settings');

  const business = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Business' }) });
  const timeZone = business.getByLabel('Time zone');
  const demoZone = await timeZone.inputValue();
  expect(demoZone).toBe('America/Chicago');
  await expect(timeZone.locator('option:checked')).toHaveText('America/Chicago');

  const save = async (zone: string) => {
    await timeZone.selectOption(zone);
    await business.getByRole('button', { name: 'Save' }).click();
    await expect(business.getByRole('status')).toHaveText('Saved');
  };
  try {
    await save('America/Los_Angeles');
    await page.reload();
    await expect(page.locator('form').getByLabel('Time zone')).toHaveValue('America/Los_Angeles');
    await expect(page.locator('form').getByLabel('Time zone').locator('option:checked')).toHaveText(
      'America/Los Angeles',
    );
  } finally {
    // The other browser tests expect the demo as it was seeded.
    await save(demoZone);
  }
  await page.context().close();
});

/** Where the user reads an error: right under its field, in line with it. */
async function expectUnder(error: Locator, field: Locator): Promise<void> {
  await expect(error).toBeVisible();
  const [below, above] = [await error.boundingBox(), await field.boundingBox()];
  expect(below && above && below.y - (above.y + above.height)).toBeGreaterThanOrEqual(0);
  expect(below && above && below.y - (above.y + above.height)).toBeLessThan(24);
  expect(below && above && Math.abs(below.x - above.x)).toBeLessThan(4);
}

test('a field Save refuses says why under itself, is marked invalid, and gets the focus', async ({
  browser,
}) => {
  const page = await openConsole(browser, 'settings');
  const business = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Business' }) });
  const state = business.getByLabel('State');
  const retention = business.getByLabel("Delete customers' names and phone numbers this many days");
  await state.fill('Illinois');
  await retention.fill('0');
  await business.getByRole('button', { name: 'Save' }).click();

  // Both problems, each under its field; the focus on the first, the form scrolled to it.
  await expectUnder(business.getByText('Use the two-letter state code', { exact: true }), state);
  await expect(state).toHaveAttribute('aria-invalid', 'true');
  await expect(state).toHaveAccessibleDescription('Use the two-letter state code');
  await expect(state).toBeFocused();
  await expectUnder(business.getByText('At least 1 day', { exact: true }), retention);
  await expect(retention).toHaveAttribute('aria-invalid', 'true');
  await expect(retention).toHaveAccessibleDescription(/^At least 1 day Visits stay, without names/);
  // Not repeated far away, beside Save.
  await expect(business.getByRole('status')).toHaveText('');

  // Corrected, a field is no longer marked; Save then takes the focus to the one left.
  await state.fill('IL');
  await expect(state).not.toHaveAttribute('aria-invalid');
  await expect(business.getByText('Use the two-letter state code')).toHaveCount(0);
  await business.getByRole('button', { name: 'Save' }).click();
  await expect(retention).toBeFocused();
  await expect(retention).toBeInViewport();
  await page.context().close();
});

test('services and providers refused on Save say why under the field concerned', async ({ browser }) => {
  const page = await openConsole(browser, 'settings');
  const services = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Services' }) });
  const names = services.getByLabel('Service', { exact: true });
  const minutes = services.getByLabel('Minutes', { exact: true });
  await minutes.nth(1).fill('2');
  await names.nth(2).fill(await names.nth(0).inputValue());
  await services.getByRole('button', { name: 'Save' }).click();
  await expectUnder(
    services.getByText('A service takes at least 5 minutes', { exact: true }),
    minutes.nth(1),
  );
  await expect(minutes.nth(1)).toBeFocused();
  await expect(names.nth(2)).toHaveAccessibleDescription('Each service name must be different');
  await expectUnder(services.getByText('Each service name must be different', { exact: true }), names.nth(2));
  await expect(names.nth(0)).not.toHaveAttribute('aria-invalid');

  // A provider's name emptied: Save said nothing and did nothing.
  const provider = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Providers' }) })
    .getByRole('listitem')
    .first();
  const name = provider.getByLabel('Name', { exact: true });
  await name.fill('');
  await provider.getByRole('button', { name: 'Save' }).click();
  await expectUnder(provider.getByText('Please enter a name', { exact: true }), name);
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toBeFocused();
  // Nothing was saved: the demo is as seeded.
  await page.reload();
  await expect(page.getByLabel('Minutes', { exact: true }).nth(1)).toHaveValue('30');
  await page.context().close();
});
