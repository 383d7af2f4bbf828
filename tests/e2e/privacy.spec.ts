import { readFile } from 'node:fs/promises';
import { formatChatTime } from '../../src/shared/chat-format.ts';
import { DEMO_ACCOUNTS, openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';
import { confirmDialog, fillAndConfirm, openLanding, serviceButton, storage } from './support/walk-in.ts';

test('Forget me takes the customer off the board and erases their details, after saying what will happen', async ({
  page,
  browser,
}) => {
  const name = `Forget ${Date.now() % 100000}`;
  await openLanding(page);
  await serviceButton(page, 'Facials').click();
  await page.getByRole('button', { name: 'Next' }).click();
  await fillAndConfirm(page, name);
  await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
  await expect(page.locator('.live-status')).toContainText(/in line/);

  const owner = await openConsole(browser);
  await expect(owner.locator('.board-row').filter({ hasText: name })).toBeVisible();

  await page.getByRole('button', { name: 'Forget me' }).click();
  const dialog = confirmDialog(page);
  await expect(dialog).toContainText(
    'You will leave the wait list at Bella Demo Salon. Your name, phone number and messages at Bella Demo Salon will be erased',
  );
  await dialog.getByRole('button', { name: 'Erase my details' }).click();

  await expect(page.getByRole('heading', { name: 'Your details were erased' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start again' })).toBeVisible();
  expect(await storage(page, 'local', 'checkn.userName')).toBeNull();
  // Live, without a reload: the board no longer shows their name anywhere.
  await expect(owner.getByText(name)).toHaveCount(0);
  await owner.reload();
  await expect(owner.getByText('Bella Demo Salon', { exact: true })).toBeVisible();
  await expect(owner.getByText(name)).toHaveCount(0);
  // The visit stays among the finished ones, saying why it has no name.
  await expect(
    owner.locator('.board-row--cancelled').filter({ hasText: 'Details erased' }).first(),
  ).toBeVisible();
});

test('the owner finds a customer by phone number, downloads their data, and erases it from the board', async ({
  page,
  browser,
}) => {
  const name = `Erase ${Date.now() % 100000}`;
  await openLanding(page);
  await serviceButton(page, 'Facials').click();
  await page.getByRole('button', { name: 'Next' }).click();
  await fillAndConfirm(page, name, '3125550147');
  await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
  await expect(page.locator('.live-status')).toContainText(/in line/);

  // The owner's tablet is set to another zone than the business's (America/Chicago).
  const owner = await openConsole(browser, '', DEMO_ACCOUNTS.owner, { timezoneId: 'Asia/Tokyo' });
  await expect(owner.locator('.board-row').filter({ hasText: name })).toBeVisible();
  await owner.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Customers' }).click();
  await owner.getByLabel('Phone number').fill('(312) 555-0147');
  await owner.getByRole('button', { name: 'Find' }).click();
  await expect(owner.getByRole('heading', { name: '1 visit with (312) 555-0147' })).toBeVisible();

  const downloading = owner.waitForEvent('download');
  await owner.getByRole('button', { name: 'Download their data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('customer-13125550147.json');
  const exported = JSON.parse(await readFile(await download.path(), 'utf8'));
  expect(exported).toMatchObject({
    business: 'demo',
    phoneNumber: '+13125550147',
    visits: [{ name, phoneNumber: '+13125550147', serviceType: 'Facials', status: 'waiting' }],
  });
  // The visit's time on the business's clock, as the console's texts and chats show times.
  const joined = formatChatTime(Date.parse(exported.visits[0].date) / 1000, 'America/Chicago');
  await expect(owner.locator('.settings-row')).toHaveText([`${name} · ${joined} · Facials`]);

  await owner.getByRole('button', { name: 'Erase their data' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Erase this customer?' });
  await expect(dialog).toContainText('Every visit with (312) 555-0147 loses its name and phone number');
  await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(owner.getByText('Erased 1 visit.')).toBeVisible();
  await expect(owner.getByText(name)).toHaveCount(0);

  // Off the board, live and after a reload; the visit stays among the finished ones, nameless.
  const nav = owner.getByRole('navigation', { name: 'Console' });
  await nav.getByRole('link', { name: /^Board/ }).click();
  const erased = owner.locator('.board-row--cancelled').filter({ hasText: 'Details erased' });
  await expect(erased.first()).toBeVisible();
  await expect(owner.getByText(name)).toHaveCount(0);
  await owner.reload();
  await expect(erased.first()).toBeVisible();
  await expect(owner.getByText(name)).toHaveCount(0);
  // The customer's own page sees the visit end.
  await expect(page.getByRole('heading', { name: "You're no longer in line" })).toBeVisible();

  // Looked up again from a fresh page: nothing left under that number.
  await nav.getByRole('link', { name: 'Customers' }).click();
  await owner.getByLabel('Phone number').fill('3125550147');
  await owner.getByRole('button', { name: 'Find' }).click();
  await expect(
    owner.getByRole('heading', {
      name: 'No visits with this number (or their details were already erased).',
    }),
  ).toBeVisible();
  await expect(owner.getByRole('button', { name: 'Download their data' })).toHaveCount(0);
  await owner.context().close();
});

test('the front desk has no Customers page, and the server refuses it the look-up, export and erase', async ({
  browser,
}) => {
  const desk = await openConsole(browser, '', DEMO_ACCOUNTS.frontDesk);
  await expect(
    desk.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Customers' }),
  ).toHaveCount(0);
  await desk.goto('/console/customers');
  await expect(desk.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(desk.getByText('not open to your role')).toBeVisible();
  await expect(desk.getByLabel('Phone number')).toHaveCount(0);

  // Signed in, with the console's CSRF token: refused for the role, not for a missing token.
  const me = await (await desk.request.get('/api/v1/staff/me')).json();
  for (const action of ['look-up', 'export', 'erase']) {
    const answer = await desk.request.post(`/api/v1/staff/customers/${action}`, {
      headers: { 'x-csrf-token': me.csrfToken },
      data: { phoneNumber: '4155550123' },
    });
    expect(answer.status(), action).toBe(403);
    expect((await answer.json()).error.code, action).toBe('ROLE_NOT_ALLOWED');
  }
  await desk.context().close();
});
