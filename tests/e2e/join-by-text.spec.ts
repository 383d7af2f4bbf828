import { expectNoAxeViolations } from './support/a11y.ts';
import { openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';

/** Issue 24: join by text (docs/text-messages.md), played in the outbox's Text messages page. */
test('a new number texts JOIN, picks a service by its number, gives its name, and the board shows the walk-in', async ({
  browser,
}) => {
  const name = `Texted ${Date.now() % 100000}`;
  const digits = `646555${String(Date.now() % 10000).padStart(4, '0')}`;
  const staff = await openConsole(browser, 'texts');

  const newNumber = staff.getByRole('form', { name: 'Text the business as a new number' });
  // A number cut short is refused under its field, and the text typed stays.
  await newNumber.getByLabel('Phone number').fill(digits.slice(0, 6));
  await newNumber.getByRole('button', { name: 'Send text' }).click();
  await expect(newNumber.getByText('Please enter a 10-digit phone number')).toBeVisible();
  await expect(newNumber.getByLabel('Text')).toHaveValue('JOIN');
  await expect(newNumber.getByLabel('Phone number')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(staff);

  await newNumber.getByLabel('Phone number').fill(digits);
  await newNumber.getByRole('button', { name: 'Send text' }).click();
  await expect(newNumber.getByText('Text received')).toBeVisible();

  const menu = staff
    .locator(`.sms-row--outbound[data-phone="+1${digits}"]`)
    .filter({ hasText: 'which service?' });
  await expect(menu).toContainText('Bella Demo Salon: which service? Reply with a number: 1 ');
  await expect(menu).toContainText('3 Facials');

  // The customer answers the menu with a number, then the name question with their name.
  await menu.getByRole('button', { name: 'Reply as this customer' }).click();
  const reply = menu.getByPlaceholder('Type a reply, or STOP / START / HELP');
  await reply.fill('3');
  await menu.getByRole('button', { name: 'Send reply' }).click();
  await expect(
    staff.locator(`.sms-row--outbound[data-phone="+1${digits}"]`).filter({ hasText: 'What is your name?' }),
  ).toContainText('Bella Demo Salon: Facials. What is your name?');
  await reply.fill(name);
  await menu.getByRole('button', { name: 'Send reply' }).click();
  await expect(
    staff.locator(`.sms-row--outbound[data-phone="+1${digits}"]`).filter({ hasText: 'on the wait list' }),
  ).toContainText("Bella Demo Salon: you're on the wait list for Facials.");

  const board = await staff.context().newPage();
  await board.goto('/console');
  const row = board.locator('.board-row').filter({ hasText: name });
  await expect(row).toContainText('Facials');
  await expect(row.locator('.status-pill')).toHaveText('Waiting');
  await staff.context().close();
});
