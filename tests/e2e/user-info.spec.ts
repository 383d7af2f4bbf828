import { expect, recordJoins, test } from './support/fixtures.ts';
import {
  confirmDialog,
  customer,
  fillAndConfirm,
  nameInput,
  openUserInfo,
  phoneInput,
  WOMENS_HAIRCUT,
} from './support/walk-in.ts';

test('the user-info step asks for a name and a masked phone number', async ({ page }) => {
  await openUserInfo(page);
  await expect(page.getByText(WOMENS_HAIRCUT, { exact: true })).toBeVisible();
  await expect(page.getByText('Name', { exact: true })).toBeVisible();
  await expect(page.getByText('Phone number', { exact: true })).toBeVisible();
  await expect(nameInput(page)).toHaveValue('');
  await expect(phoneInput(page)).toHaveValue('');
  await expect(phoneInput(page)).toHaveAttribute('placeholder', '+1 (###) ###-####');
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
});

test('the phone mask fills in as digits are typed and keeps digits only', async ({ page }) => {
  await openUserInfo(page);
  const phone = phoneInput(page);
  const typed: [string, string][] = [
    ['4', '+1 (4'],
    ['1', '+1 (41'],
    ['5', '+1 (415'],
    ['5', '+1 (415) 5'],
    ['5', '+1 (415) 55'],
    ['5', '+1 (415) 555'],
    ['0', '+1 (415) 555-0'],
    ['1', '+1 (415) 555-01'],
    ['2', '+1 (415) 555-012'],
    ['3', '+1 (415) 555-0123'],
  ];
  for (const [key, shown] of typed) {
    await phone.press(key);
    await expect(phone).toHaveValue(shown);
  }
  // An 11th digit does not fit the mask.
  await phone.press('9');
  await expect(phone).toHaveValue('+1 (415) 555-0123');

  await phone.fill('');
  await phone.pressSequentially('4a1b5-5(5)5 0x123');
  await expect(phone).toHaveValue('+1 (415) 555-0123');
});

test('a phone number typed with the country code 1 first keeps the 10-digit number', async ({ page }) => {
  // The mask already shows "+1"; US area codes never start with 1, so a leading 1 is the country code.
  // Pasting "14155550123" gives +1 (415) 555-0123; typing the same keys must too.
  await openUserInfo(page);
  await phoneInput(page).pressSequentially('14155550123');
  await expect(phoneInput(page)).toHaveValue('+1 (415) 555-0123');
});

test('Next with both fields empty asks for name & phone number', async ({ page }) => {
  const joins = recordJoins(page);
  await openUserInfo(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please enter name & phone number', { exact: true })).toBeVisible();
  await expect(confirmDialog(page)).toBeHidden();

  // Typing clears the message.
  await nameInput(page).fill('A');
  await expect(page.getByText('Please enter name & phone number', { exact: true })).toHaveCount(0);
  expect(joins.requests).toHaveLength(0);
});

test('a phone number without 10 digits is flagged red, with no message and no confirmation', async ({
  page,
}) => {
  await openUserInfo(page);
  await nameInput(page).fill(customer.name);
  await phoneInput(page).pressSequentially('415555');
  await expect(phoneInput(page)).toHaveValue('+1 (415) 555');
  await page.getByRole('button', { name: 'Next' }).click();

  const phoneField = page.locator('.field').filter({ has: phoneInput(page) });
  await expect(phoneInput(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(phoneField).toHaveClass(/\bfield--invalid\b/);
  await expect(phoneInput(page)).toHaveCSS('border-top-color', 'rgb(185, 28, 28)');
  await expect(nameInput(page)).not.toHaveAttribute('aria-invalid', 'true');
  // Spec §5: no message on screen.
  await expect(
    page.locator('.field-error, .form-error, [role="alert"]').filter({ hasText: /\S/ }),
  ).toHaveCount(0);
  await expect(page.getByText('Please enter name & phone number')).toHaveCount(0);
  await expect(confirmDialog(page)).toBeHidden();

  // Completing the number lifts the flag and opens the confirmation.
  await phoneInput(page).pressSequentially('0123');
  await expect(phoneInput(page)).not.toHaveAttribute('aria-invalid', 'true');
  await expect(phoneField).not.toHaveClass(/\bfield--invalid\b/);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(confirmDialog(page)).toBeVisible();
});

test('the confirmation greets the customer and closing it (button or Escape) does not join', async ({
  page,
}) => {
  const joins = recordJoins(page);
  await openUserInfo(page);
  await fillAndConfirm(page);

  const dialog = confirmDialog(page);
  await expect(dialog.getByRole('heading', { name: `Hi ${customer.name}` })).toBeVisible();
  await expect(
    dialog.getByText(`Are you ready to request '${WOMENS_HAIRCUT}'?`, { exact: true }),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Yes' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(nameInput(page)).toHaveValue(customer.name);
  await expect(phoneInput(page)).toHaveValue(customer.phoneMasked);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(nameInput(page)).toHaveValue(customer.name);
  await expect(phoneInput(page)).toHaveValue(customer.phoneMasked);

  await expect(page).toHaveURL((url) => url.pathname.endsWith('/user-info'));
  expect(joins.requests).toHaveLength(0);
});

test('an empty name with a full phone opens the confirmation as the spec says, and Yes asks for the name', async ({
  page,
}) => {
  const joins = recordJoins(page);
  await openUserInfo(page);
  await phoneInput(page).pressSequentially('4155550123');
  await page.getByRole('button', { name: 'Next' }).click();
  const dialog = confirmDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Please enter your name', { exact: true })).toBeVisible();
  await expect(nameInput(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(phoneInput(page)).toHaveValue('+1 (415) 555-0123');
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  expect(joins.requests).toHaveLength(0);
});

test.describe('when the server refuses the number', () => {
  // The browser logs the refused join's 400 as a console error.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test('a number no one can be texted at is refused under the phone field, keeping what was typed', async ({
    page,
  }) => {
    await openUserInfo(page);
    await fillAndConfirm(page, customer.name, '5555555555');
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
    await expect(confirmDialog(page)).toBeHidden();
    await expect(
      page.getByRole('main').getByText('That is not a valid US phone number. Please check it.'),
    ).toBeVisible();
    await expect(phoneInput(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(nameInput(page)).toHaveValue(customer.name);
    await expect(phoneInput(page)).toHaveValue('+1 (555) 555-5555');
    await expect(page).toHaveURL((url) => url.pathname.endsWith('/user-info'));
  });
});
