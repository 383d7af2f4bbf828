import { expectNoAxeViolations } from './support/a11y.ts';
import { openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';

test("the owner links a provider's appointment calendar and reads its state in words", async ({
  browser,
}) => {
  const page = await openConsole(browser, 'settings');
  const calendars = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Appointment calendars' }) });
  const maria = calendars
    .getByRole('listitem')
    .filter({ has: page.getByLabel('Calendar link for Maria Lopez') });
  const link = maria.getByLabel('Calendar link for Maria Lopez');
  await expect(maria.getByRole('status')).toHaveText('No calendar linked');

  // Not a calendar link: said under the field, nothing sent.
  await link.fill('http://calendar.example.com/maria.ics');
  await maria.getByRole('button', { name: 'Save link' }).click();
  await expect(link).toHaveAttribute('aria-invalid', 'true');
  await expect(link).toHaveAccessibleDescription(
    'Paste the calendar link that starts with https:// or webcal://',
  );

  // A link into the server's own machine is saved but never fetched: the owner reads why.
  await link.fill('webcal://localhost/maria/private-token.ics');
  await maria.getByRole('button', { name: 'Save link' }).click();
  await expect(maria.getByRole('status')).toHaveText(
    'This calendar link points to a private network address.',
  );
  await expect(
    maria.getByText('Linked: webcal://localhost/… (paste a new link to replace it)'),
  ).toBeVisible();
  await expect(link).toHaveValue('');
  await expect(page.getByText('private-token')).toHaveCount(0);
  // The section, its error state and the other providers' empty ones pass axe (WCAG 2.2 AA).
  await expectNoAxeViolations(page);

  // Kept after a reload; removed, the provider has no calendar again.
  await page.reload();
  await expect(maria.getByRole('status')).toHaveText(
    'This calendar link points to a private network address.',
  );
  await maria.getByRole('button', { name: 'Remove' }).click();
  await expect(maria.getByRole('status')).toHaveText('No calendar linked');
  await page.context().close();
});
