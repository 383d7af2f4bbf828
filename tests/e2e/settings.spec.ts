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
