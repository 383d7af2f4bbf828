import type { Page } from '@playwright/test';
import { expect, recordHistoryWrites, recordJoins, test, WAIT_LIST_API } from './support/fixtures.ts';
import {
  confirmDialog,
  customer,
  demo,
  fillAndConfirm,
  nameInput,
  openUserInfo,
  phoneInput,
  storage,
  UUID,
  WOMENS_HAIRCUT,
  WOMENS_HAIRCUT_USER_INFO,
} from './support/walk-in.ts';

const SENT_TO = `Your request was sent to ${demo.name} for ${WOMENS_HAIRCUT}.`;
const TEXT_SENT = "We've sent you a text message. Simply reply directly to that text message for updates.";

async function expectCheckedIn(page: Page): Promise<string> {
  await expect(page.getByText(SENT_TO, { exact: true })).toBeVisible();
  await expect(page.getByText(TEXT_SENT, { exact: true })).toBeVisible();
  const url = new URL(page.url());
  expect(url.pathname).toBe('/demo/checked-in');
  const waitId = url.searchParams.get('waitId') ?? '';
  expect(waitId).toMatch(UUID);
  return waitId;
}

async function waitIdsOf(responses: { json(): Promise<unknown> }[]): Promise<string[]> {
  return Promise.all(
    responses.map(async (response) => ((await response.json()) as { waitId: string }).waitId),
  );
}

test('Yes joins the wait list, shows the confirmation, and the details are remembered', async ({ page }) => {
  const joins = recordJoins(page);
  await openUserInfo(page);
  await fillAndConfirm(page);
  await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();

  await page.waitForURL((url) => url.pathname === '/demo/checked-in');
  const waitId = await expectCheckedIn(page);
  expect(joins.requests).toHaveLength(1);
  expect(joins.requests[0]?.postDataJSON()).toMatchObject({
    serviceType: WOMENS_HAIRCUT,
    name: customer.name,
    phoneNumber: `+1${customer.phoneDigits}`,
    allowSms: true,
  });
  expect(await waitIdsOf(joins.responses)).toEqual([waitId]);
  expect(await storage(page, 'local', 'checkn.userName')).toBe(customer.name);
  expect(await storage(page, 'local', 'checkn.userPhone')).toBe(customer.phoneDigits);

  await page.reload();
  expect(await expectCheckedIn(page)).toBe(waitId);

  await page.goto(WOMENS_HAIRCUT_USER_INFO);
  await expect(page.getByRole('heading', { name: 'Enter your name and phone number' })).toBeVisible();
  await expect(nameInput(page)).toHaveValue(customer.name);
  await expect(phoneInput(page)).toHaveValue(customer.phoneMasked);
});

test('a double tap on Yes joins once and navigates once', async ({ page }) => {
  const readHistoryWrites = await recordHistoryWrites(page);
  const joins = recordJoins(page);
  await openUserInfo(page);
  await fillAndConfirm(page);

  // Both clicks land before React re-renders the button as busy: the fastest double tap possible.
  await confirmDialog(page)
    .getByRole('button', { name: 'Yes' })
    .evaluate((yes: HTMLButtonElement) => {
      yes.click();
      yes.click();
    });

  await page.waitForURL((url) => url.pathname === '/demo/checked-in');
  const waitId = await expectCheckedIn(page);
  await expect.poll(() => joins.responses.length).toBe(joins.requests.length);
  expect(joins.requests.length).toBeGreaterThanOrEqual(1);
  expect(new Set(joins.requests.map((request) => request.headers()['idempotency-key'])).size).toBe(1);
  const waitIds = await waitIdsOf(joins.responses);
  expect(new Set(waitIds)).toEqual(new Set([waitId]));

  const checkedInWrites = (await readHistoryWrites()).filter((url) => url.includes('/checked-in'));
  expect(checkedInWrites).toEqual([`/demo/checked-in?waitId=${waitId}`]);
});

test.describe('when the network drops the first join', () => {
  // The aborted request is logged by Chromium; it is the point of the test.
  test.use({ allowedConsoleErrors: [/net::ERR_FAILED/] });

  test('the modal shows an error, keeps the details, and a second Yes joins with the same key', async ({
    page,
  }) => {
    const joins = recordJoins(page);
    await page.route(
      (url) => url.pathname === WAIT_LIST_API,
      (route) => (route.request().method() === 'POST' ? route.abort('failed') : route.fallback()),
      { times: 1 },
    );
    await openUserInfo(page);
    await fillAndConfirm(page);
    const dialog = confirmDialog(page);
    const yes = dialog.getByRole('button', { name: 'Yes' });
    await yes.click();

    await expect(dialog.getByRole('alert')).toHaveText(
      'You seem to be offline. Your details are kept; try again when you are connected.',
    );
    await expect(yes).toBeEnabled();
    await expect(page).toHaveURL((url) => url.pathname.endsWith('/user-info'));
    await expect(nameInput(page)).toHaveValue(customer.name);
    await expect(phoneInput(page)).toHaveValue(customer.phoneMasked);
    expect(joins.requests).toHaveLength(1);
    expect(joins.responses).toHaveLength(0);

    await yes.click();
    await page.waitForURL((url) => url.pathname === '/demo/checked-in');
    const waitId = await expectCheckedIn(page);
    expect(joins.requests).toHaveLength(2);
    const [first, second] = joins.requests.map((request) => request.headers()['idempotency-key']);
    expect(first).toMatch(/^[\w-]+$/);
    expect(second).toBe(first);
    expect(await waitIdsOf(joins.responses)).toEqual([waitId]);
  });

  test('when the answer is lost after the server joined, a second Yes lands on the same entry', async ({
    page,
  }) => {
    const joins = recordJoins(page);
    let lostWaitId = '';
    await page.route(
      (url) => url.pathname === WAIT_LIST_API,
      async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        const response = await route.fetch();
        lostWaitId = ((await response.json()) as { waitId: string }).waitId;
        await route.abort('failed');
      },
      { times: 1 },
    );
    await openUserInfo(page);
    await fillAndConfirm(page);
    const dialog = confirmDialog(page);
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(dialog.getByRole('alert')).not.toBeEmpty();
    expect(lostWaitId).toMatch(UUID);

    await dialog.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL((url) => url.pathname === '/demo/checked-in');
    expect(await expectCheckedIn(page)).toBe(lostWaitId);
    const [first, second] = joins.requests.map((request) => request.headers()['idempotency-key']);
    expect(second).toBe(first);
  });
});
