import { openConsole } from './support/console.ts';
import { expect, recordJoins, test } from './support/fixtures.ts';
import { openServiceRequest } from './support/providers.ts';
import { confirmDialog, fillAndConfirm, nameInput, openUserInfo, phoneInput } from './support/walk-in.ts';

// Spec §4: "After confirmation the Next button is disabled." Back used to remount user-info with
// Next enabled, and Next then Yes put the customer on the board twice.
test('Back after joining keeps Next disabled, and the customer is on the board once', async ({
  page,
  browser,
}) => {
  const name = `Back Tester ${Date.now() % 100000}`;
  const joins = recordJoins(page);
  await openUserInfo(page);
  await fillAndConfirm(page, name);
  await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
  await page.waitForURL((url) => url.pathname === '/demo/checked-in');
  const waitId = new URL(page.url()).searchParams.get('waitId');

  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Enter your name and phone number' })).toBeVisible();
  await expect(nameInput(page)).toHaveValue(name);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(page.getByRole('status')).toContainText("You're already on the list from this page.");
  await expect(page.getByRole('link', { name: 'See your place in line' })).toHaveAttribute(
    'href',
    `/demo/checked-in?waitId=${waitId}`,
  );
  // Enter in a field submits the form too: it must not open the confirmation either.
  await phoneInput(page).press('Enter');
  await expect(confirmDialog(page)).toBeHidden();

  // A reload of the same history entry still knows.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  expect(joins.requests).toHaveLength(1);

  const desk = await openConsole(browser);
  await expect(desk.locator('.board-row').filter({ hasText: name })).toHaveCount(1);
});

test('a new visit to user-info after joining may join again (only the joined page stays disabled)', async ({
  page,
}) => {
  await openUserInfo(page);
  await fillAndConfirm(page, `Again Tester ${Date.now() % 100000}`);
  await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
  await page.waitForURL((url) => url.pathname === '/demo/checked-in');

  await openUserInfo(page);
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  await expect(page.getByText("You're already on the list from this page.")).toHaveCount(0);
});

test('Back after sending a service request shows it as sent, and the provider gets it once', async ({
  page,
  browser,
}) => {
  const first = `Resend ${Date.now() % 100000}`;
  const sends: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/v1/functions/addClient'))
      sends.push(first);
  });
  const maria = await openServiceRequest(page, browser);
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Phone number').pressSequentially('4155550193');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByRole('link', { name: 'Follow your request' }).click();
  await page.waitForURL((url) => url.pathname === '/demo/checked-in');
  const waitId = new URL(page.url()).searchParams.get('waitId');

  await page.goBack();
  await expect(page.getByRole('heading', { name: "You're all set!" })).toBeVisible();
  await expect(page.getByText(`Your request was sent to ${maria.name}!`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Follow your request' })).toHaveAttribute(
    'href',
    `/demo/checked-in?waitId=${waitId}`,
  );
  expect(sends).toHaveLength(1);

  const desk = await openConsole(browser);
  await expect(desk.locator('.board-row--request').filter({ hasText: first })).toHaveCount(1);
  await desk.context().close();
});
