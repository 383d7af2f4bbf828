import { DEMO_ACCOUNTS, openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';

test('the front desk adds a guest without a phone and a phone-in with one', async ({ browser }) => {
  const suffix = Date.now() % 100000;
  const desk = await openConsole(browser, '', DEMO_ACCOUNTS.frontDesk);
  const dialog = desk.getByRole('dialog', { name: 'Add a walk-in' });

  await desk.getByRole('button', { name: 'Add walk-in' }).click();
  await dialog.getByLabel('Name').fill(`Guest ${suffix}`);
  await dialog.getByRole('button', { name: 'Add to the list' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please select service');
  await expect(dialog.getByLabel('Name')).toHaveValue(`Guest ${suffix}`);
  await dialog.getByLabel('Service').selectOption('Facials');
  await dialog.getByRole('button', { name: 'Add to the list' }).click();
  await expect(dialog).toBeHidden();
  const guest = desk.locator('.board-row').filter({ hasText: `Guest ${suffix}` });
  await expect(guest).toContainText('Facials · No phone');

  await desk.getByRole('button', { name: 'Add walk-in' }).click();
  await dialog.getByLabel('Name').fill(`Caller ${suffix}`);
  await dialog.getByLabel('Phone number (optional)').fill('41555');
  await dialog.getByLabel('Service').selectOption('Massage');
  await dialog.getByLabel('Provider').selectOption({ label: 'James Chen' });
  await dialog.getByRole('button', { name: 'Add to the list' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Enter all 10 digits of the phone number, or leave it empty.',
  );
  await dialog.getByLabel('Phone number (optional)').fill('4155550177');
  await expect(dialog.getByLabel('Phone number (optional)')).toHaveValue('+1 (415) 555-0177');
  await dialog.getByRole('button', { name: 'Add to the list' }).click();
  const caller = desk.locator('.board-row').filter({ hasText: `Caller ${suffix}` });
  await expect(caller).toContainText('Massage · (415) 555-0177');
  await expect(caller.getByLabel('Provider')).toHaveValue(/.+/);

  // The phone-in got the join text, in the outbox.
  await desk.getByRole('link', { name: 'Text messages' }).click();
  await expect(desk.locator('.sms-row[data-phone="+14155550177"]').first()).toBeVisible();
});

// Issue 27: the desk picks the language of a phone-in's texts; the next guest starts again from
// the business's.
test("the desk texts a phone-in in the language it picks, and the next guest starts in the business's", async ({
  browser,
}) => {
  const suffix = Date.now() % 100000;
  const phone = `41555${String(10000 + (suffix % 10000)).slice(-5)}`;
  const desk = await openConsole(browser, '', DEMO_ACCOUNTS.frontDesk);
  const dialog = desk.getByRole('dialog', { name: 'Add a walk-in' });

  await desk.getByRole('button', { name: 'Add walk-in' }).click();
  await expect(dialog.getByLabel('Texts in')).toHaveValue('en');
  await dialog.getByLabel('Name').fill(`Llamada ${suffix}`);
  await dialog.getByLabel('Phone number (optional)').fill(phone);
  await dialog.getByLabel('Service').selectOption('Massage');
  await dialog.getByLabel('Texts in').selectOption({ label: 'Español' });
  await dialog.getByRole('button', { name: 'Add to the list' }).click();
  await expect(dialog).toBeHidden();
  await expect(desk.locator('.board-row').filter({ hasText: `Llamada ${suffix}` })).toBeVisible();

  await desk.getByRole('button', { name: 'Add walk-in' }).click();
  await expect(dialog.getByLabel('Texts in')).toHaveValue('en');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await desk.getByRole('link', { name: 'Text messages' }).click();
  await expect(desk.locator(`.sms-row[data-phone="+1${phone}"]`).first()).toContainText('Responde PARAR');
});
