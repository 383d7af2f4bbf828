import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';
import { firstDemoProvider as maria } from './support/providers.ts';

async function sendRequest(
  page: Page,
  provider: { id: string; name: string; speciality: string },
  first: string,
) {
  const query = new URLSearchParams({
    companyId: 'demo',
    spSpeciality: provider.speciality,
    spName: provider.name,
  });
  await page.goto(`/add-client/${provider.id}?${query}`);
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill('Request');
  await page.getByLabel('Phone number').pressSequentially('4155550191');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByRole('link', { name: 'Follow your request' }).click();
  await expect(page.getByText('Waiting for Maria Lopez to accept your request')).toBeVisible();
}

// One test goes offline on purpose: the browser then logs what it could not fetch (the realtime socket).
test.use({ allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED/] });

const requestRow = (console: Page, name: string) =>
  console.locator('.board-row--request').filter({ hasText: name });

test('a request to Maria: she declines, the customer joins the next available in one tap; another she accepts', async ({
  page,
  browser,
}) => {
  const staffContext = await browser.newContext();
  const provider = await maria(staffContext.request);
  await staffContext.close();
  const suffix = Date.now() % 100000;
  const board = await openConsole(browser, '', DEMO_ACCOUNTS.provider);

  await sendRequest(page, provider, `Dee${suffix}`);
  await expect(board.getByRole('heading', { name: /Requests/ })).toBeVisible();
  await expect(requestRow(board, `Dee${suffix}`)).toContainText(/answer within \d+ min/);
  await requestRow(board, `Dee${suffix}`).getByRole('button', { name: 'Decline' }).click();

  await expect(page.getByText("Maria Lopez can't take you right now.")).toBeVisible();
  // Not "You're on the list" above it: the request waits outside the line until the customer chooses.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not on the list yet');
  await expect(page).toHaveTitle(/^Not on the list yet/);
  await expect(page.getByText("You're on the list")).toHaveCount(0);
  // Tapped offline, the join waits for the connection, and the page says so.
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Join the next available' }).click();
  await expect(page.getByRole('alert').filter({ hasText: "You're offline." })).toHaveText(
    "You're offline. Keep this page open: you'll join the line as soon as you're back online.",
  );
  await page.context().setOffline(false);
  await expect(page.locator('.live-status')).toContainText(/in line/);
  await expect(page.getByRole('heading', { name: "You're on the list" })).toBeVisible();
  // On the board now as anyone's walk-in, in the line.
  await expect(requestRow(board, `Dee${suffix}`)).toHaveCount(0);
  await board.getByRole('button', { name: 'Everyone' }).click();
  await expect(
    board
      .locator('.board-row')
      .filter({ hasText: `Dee${suffix}` })
      .locator('.status-pill'),
  ).toHaveText('Waiting');

  const second = await (await browser.newContext()).newPage();
  await sendRequest(second, provider, `Eve${suffix}`);
  await requestRow(board, `Eve${suffix}`).getByRole('button', { name: 'Accept' }).click();
  await expect(second.getByText('Maria Lopez accepted your request.')).toBeVisible();
  await board.getByRole('button', { name: 'Mine' }).click();
  await expect(
    board
      .locator('.board-row')
      .filter({ hasText: `Eve${suffix}` })
      .getByRole('button', { name: 'Call' }),
  ).toBeVisible();
});
