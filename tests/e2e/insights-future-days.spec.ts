import { openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';

/** A day of the demo's calendar (America/Chicago), `offset` days from its today. */
function demoDay(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

test('a custom range that ends after today is refused in words, beside its last day', async ({ browser }) => {
  const page = await openConsole(browser, 'insights');
  const days = page.getByRole('list', { name: 'Walk-ins per day' }).getByRole('listitem');
  await expect(days).toHaveCount(7);
  const heading = page.getByRole('heading', { level: 2, name: /America\/Chicago$/ });
  const shown = await heading.textContent();

  await page.getByRole('button', { name: 'Custom' }).click();
  const lastDay = page.getByLabel('Last day');
  await page.getByLabel('First day').fill(demoDay(-2));
  // Typed, a date past the field's max is taken as any other.
  await lastDay.fill(demoDay(1));
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText('The last day cannot be after today', { exact: true })).toBeVisible();
  await expect(lastDay).toHaveAttribute('aria-invalid', 'true');
  await expect(lastDay).toHaveAccessibleDescription('The last day cannot be after today');
  // The range shown is still the last one: no empty day to come.
  await expect(heading).toHaveText(shown ?? '');
  await expect(days).toHaveCount(7);

  await lastDay.fill(demoDay(0));
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(days).toHaveCount(3);
  await expect(page.getByText('The last day cannot be after today', { exact: true })).toHaveCount(0);
  await page.context().close();
});
