import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y.ts';
import { openConsole } from './support/console.ts';
import { expect, recordJoins, test, WAIT_LIST_API } from './support/fixtures.ts';
import {
  confirmDialog,
  nameInput,
  overflowsHorizontally,
  phoneInput,
  serviceButton,
  storage,
} from './support/walk-in.ts';

const KIOSK = '/demo/kiosk';

async function expectStart(page: Page) {
  await expect(page.getByRole('heading', { name: 'Walk ins' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Facials/ })).toHaveAttribute('aria-pressed', 'false');
}

/** Nothing on the kiosk leads out of it: no link at all. */
async function expectNoLinks(page: Page) {
  await expect(page.locator('a[href]')).toHaveCount(0);
}

async function joinAs(page: Page, service: string, name: string, digits: string) {
  await serviceButton(page, service).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your name and phone number' })).toBeVisible();
  await expectNoLinks(page);
  await nameInput(page).fill(name);
  await phoneInput(page).pressSequentially(digits);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(confirmDialog(page)).toHaveAccessibleName(`Hi ${name}`);
  await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('heading', { name: `Thank you, ${name}!` })).toBeVisible();
  await expect(page.getByText(`You're on the list for ${service}.`)).toBeVisible();
  await expect(
    page.getByText("You'll get a text message with updates. Reply to it to reach us."),
  ).toBeVisible();
  await expectNoLinks(page);
}

test.describe('a tablet in landscape', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('two guests in a row: each a new customer, the second starts empty, both on the board', async ({
    page,
    browser,
  }) => {
    const suffix = Date.now() % 100000;
    const first = `Kiosk One ${suffix}`;
    const second = `Kiosk Two ${suffix}`;
    const joins = recordJoins(page);
    await page.clock.install();
    await page.goto(KIOSK);
    await expectStart(page);
    await expectNoLinks(page);

    await joinAs(page, 'Facials', first, '4155550101');
    // A tap right away (the second half of a double tap on Yes) does not hide the confirmation.
    // First thing: the clock keeps running, and the guard is for the first 2 s of the screen.
    await page.locator('main').click({ position: { x: 20, y: 20 } });
    await expect(page.getByRole('heading', { name: `Thank you, ${first}!` })).toBeVisible();
    await expectNoAxeViolations(page);
    const firstSession = await storage(page, 'local', 'checkn.customerSession');
    expect(firstSession).not.toBeNull();
    await expect(
      page.getByText("You're next in line").or(page.getByText(/You're number \d+ in line/)),
    ).toBeVisible();
    await page.clock.fastForward(2_000);
    await page.locator('main').click({ position: { x: 20, y: 20 } });
    await expectStart(page);
    expect(await storage(page, 'local', 'checkn.customerSession')).toBeNull();
    expect(await storage(page, 'local', 'checkn.userName')).toBeNull();
    expect(await storage(page, 'local', 'checkn.userPhone')).toBeNull();

    await serviceButton(page, 'Massage').click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(nameInput(page)).toHaveValue('');
    await expect(phoneInput(page)).toHaveValue('');
    await expect(nameInput(page)).toHaveAttribute('autocomplete', 'off');
    await page.getByRole('button', { name: 'Back' }).click();
    await joinAs(page, 'Massage', second, '4155550102');
    expect(await storage(page, 'local', 'checkn.customerSession')).not.toBe(firstSession);

    // Nobody taps: it goes back to the start by itself after 15 s, and forgets the guest.
    await page.clock.fastForward(14_000);
    await expect(page.getByRole('heading', { name: `Thank you, ${second}!` })).toBeVisible();
    await page.clock.fastForward(1_000);
    await expectStart(page);
    await expect(page.getByText(second)).toHaveCount(0);
    expect(await storage(page, 'local', 'checkn.customerSession')).toBeNull();

    // Two joins, as two different anonymous customers.
    expect(joins.requests).toHaveLength(2);
    const tokens = joins.requests.map((request) => request.headers().authorization);
    expect(tokens[0]).toMatch(/^Bearer .+/);
    expect(tokens[1]).toMatch(/^Bearer .+/);
    expect(tokens[0]).not.toBe(tokens[1]);
    expect(joins.requests.map((request) => request.postDataJSON())).toEqual([
      expect.objectContaining({
        name: first,
        serviceType: 'Facials',
        phoneNumber: '+14155550101',
        fcmToken: null,
      }),
      expect.objectContaining({
        name: second,
        serviceType: 'Massage',
        phoneNumber: '+14155550102',
        fcmToken: null,
      }),
    ]);

    const desk = await openConsole(browser);
    await expect(desk.locator('.board-row').filter({ hasText: first })).toHaveCount(1);
    await expect(desk.locator('.board-row').filter({ hasText: second })).toHaveCount(1);
    await desk.context().close();
  });

  test("starting over ends the guest's session on the server: the tablet cannot open their page afterwards", async ({
    page,
  }) => {
    const name = `Kiosk Cookie ${Date.now() % 100000}`;
    const joins = recordJoins(page);
    await page.clock.install();
    await page.goto(KIOSK);
    await expectStart(page);
    await joinAs(page, 'Facials', name, '4155550107');
    await expect.poll(() => joins.responses.length).toBe(1);
    const { waitId } = (await joins.responses[0]!.json()) as { waitId: string };
    const customerCookie = async () =>
      (await page.context().cookies()).filter((cookie) => cookie.name === 'checkn_customer');
    expect(await customerCookie()).toHaveLength(1);

    const signedOut = page.waitForResponse((response) =>
      response.url().endsWith('/api/v1/customers/sign-out'),
    );
    await page.clock.fastForward(2_000);
    await page.locator('main').click({ position: { x: 20, y: 20 } });
    await expectStart(page);
    expect((await signedOut).status()).toBe(204);
    expect(await customerCookie()).toEqual([]);

    // Someone at the tablet who knows the address of the guest's page gets nobody's.
    const opened = await page.goto(`/demo/checked-in?waitId=${waitId}`);
    expect(await opened!.text()).not.toContain(name);
    await expect(page.getByText(name)).toHaveCount(0);
    await expect(page.getByText('555-0107')).toHaveCount(0);
  });

  test('a guest who walks away mid-form is forgotten after 90 s without a touch', async ({ page }) => {
    await page.clock.install();
    await page.goto(KIOSK);
    await expectStart(page);
    await serviceButton(page, 'Facials').click();
    await page.getByRole('button', { name: 'Next' }).click();
    await nameInput(page).fill('Walked Away');
    await page.clock.fastForward(89_000);
    await expect(nameInput(page)).toHaveValue('Walked Away');
    await page.clock.fastForward(1_000);
    await expectStart(page);
    await serviceButton(page, 'Facials').click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(nameInput(page)).toHaveValue('');
  });

  test('a guest who stops touching is asked, 30 s before the kiosk starts over, whether they are still there', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto(KIOSK);
    await expectStart(page);
    await serviceButton(page, 'Facials').click();
    await page.getByRole('button', { name: 'Next' }).click();
    await nameInput(page).fill('Still Here');
    const warning = page.getByRole('dialog', { name: 'Are you still there?' });
    await page.clock.fastForward(59_000);
    await expect(warning).toBeHidden();
    await page.clock.fastForward(1_000);
    await expect(warning).toBeVisible();
    await expect(warning).toContainText('30 seconds');
    await expectNoLinks(page);
    const stay = warning.getByRole('button', { name: "I'm still here" });
    expect((await stay.boundingBox())?.height).toBeGreaterThanOrEqual(64);
    await stay.click();
    await expect(warning).toBeHidden();
    await expect(nameInput(page)).toHaveValue('Still Here');

    // The tap counts as a touch: the next 90 s start from it.
    await page.clock.fastForward(89_000);
    await expect(warning).toBeVisible();
    await expect(nameInput(page)).toHaveValue('Still Here');
    await page.clock.fastForward(1_000);
    await expectStart(page);
    await expect(warning).toBeHidden();
  });
});

test.describe('a tablet in portrait', () => {
  test.use({ viewport: { width: 768, height: 1024 } });

  test('large touch targets, nothing sideways, the spec checks of the form', async ({ page }) => {
    await page.goto(KIOSK);
    await expectStart(page);
    expect(await overflowsHorizontally(page)).toBe(false);
    await expectNoAxeViolations(page);
    for (const target of [serviceButton(page, 'Facials'), page.getByRole('button', { name: 'Next' })]) {
      const box = await target.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(48);
    }
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Please select service', { exact: true })).toBeVisible();

    await serviceButton(page, 'Facials').click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Please enter name & phone number', { exact: true })).toBeVisible();
    await nameInput(page).fill('Portrait Guest');
    await phoneInput(page).pressSequentially('415555');
    await expect(phoneInput(page)).toHaveValue('+1 (415) 555');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(phoneInput(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(confirmDialog(page)).toBeHidden();
    await expectNoAxeViolations(page);
    const input = await nameInput(page).boundingBox();
    expect(input?.height).toBeGreaterThanOrEqual(48);
    expect(await overflowsHorizontally(page)).toBe(false);
    await expectNoLinks(page);
  });

  test('a 60-letter name without spaces wraps on the thank-you screen', async ({ page }) => {
    const name = `${'W'.repeat(52)}${String(Date.now()).slice(-8)}`;
    await page.goto(KIOSK);
    await expectStart(page);
    await joinAs(page, 'Facials', name, '4155550123');
    expect(await overflowsHorizontally(page)).toBe(false);
    await expect(page.getByRole('heading', { name: `Thank you, ${name}!` })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: 'Done' })).toBeInViewport({ ratio: 1 });
  });
});

test.describe('the confirmation', () => {
  test.use({ viewport: { width: 768, height: 1024 } });
  // Offline, the browser logs what it could not fetch (analytics): expected.
  test.use({ allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED/] });

  async function openConfirmation(page: Page, name: string) {
    await page.goto(KIOSK);
    await expectStart(page);
    await serviceButton(page, 'Facials').click();
    await page.getByRole('button', { name: 'Next' }).click();
    await nameInput(page).fill(name);
    await phoneInput(page).pressSequentially('4155550123');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(confirmDialog(page)).toHaveAccessibleName(`Hi ${name}`);
  }

  test('its close button is a 64 px touch target, like the rest of the kiosk', async ({ page }) => {
    await openConfirmation(page, 'Touch Target');
    const close = confirmDialog(page).getByRole('button', { name: 'Close' });
    const box = (await close.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(64);
    expect(box.height).toBeGreaterThanOrEqual(64);
    await close.click();
    await expect(confirmDialog(page)).toBeHidden();
  });

  test('offline, the guest can close it: the join waiting for the connection is cancelled, never sent, and it says so', async ({
    page,
    context,
  }) => {
    const suffix = Date.now() % 100000;
    const withdrawn = `Kiosk Withdrawn ${suffix}`;
    const joined = `Kiosk Rejoined ${suffix}`;
    const joins = recordJoins(page);
    await openConfirmation(page, withdrawn);
    await context.setOffline(true);
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
    await expect(confirmDialog(page)).toContainText("You're offline.");
    const close = confirmDialog(page).getByRole('button', { name: 'Close' });
    await expect(close).toBeEnabled();
    await expect(confirmDialog(page)).toContainText('Close this to cancel.');
    await close.click();
    await expect(confirmDialog(page)).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Cancelled' })).toHaveText(
      'Cancelled: nothing was sent, and you are not on the wait list.',
    );
    await expect(nameInput(page)).toHaveValue(withdrawn);

    // Back online, the closed join stays unsent: the next one out is the guest's new one, alone.
    await context.setOffline(false);
    await nameInput(page).fill(joined);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Cancelled: nothing was sent')).toHaveCount(0);
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('heading', { name: `Thank you, ${joined}!` })).toBeVisible();
    expect(joins.requests.map((request) => request.postDataJSON().name)).toEqual([joined]);
  });
});

test.describe('a join waiting for the connection', () => {
  test.use({ viewport: { width: 1024, height: 768 } });
  test.use({ allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED/] });

  test('a guest who walks away from it: the kiosk starts over and their join is never sent, not even as the next guest', async ({
    page,
    context,
  }) => {
    const suffix = Date.now() % 100000;
    const walkedAway = `Kiosk Walked Away ${suffix}`;
    const next = `Kiosk Next Guest ${suffix}`;
    const joins = recordJoins(page);
    await page.clock.install();
    await page.goto(KIOSK);
    await expectStart(page);
    await serviceButton(page, 'Facials').click();
    await page.getByRole('button', { name: 'Next' }).click();
    await nameInput(page).fill(walkedAway);
    await phoneInput(page).pressSequentially('4155550131');
    await page.getByRole('button', { name: 'Next' }).click();
    await context.setOffline(true);
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
    // Not "keep this page open": the guest learns that the join needs them at the kiosk.
    await expect(confirmDialog(page)).toContainText(
      "You're offline. Please stay here: we'll add you to the list as soon as the kiosk is back online.",
    );

    // Nobody touches the kiosk: it starts over, and says nothing of the guest who left.
    await page.clock.fastForward(90_000);
    await expectStart(page);
    await expect(page.getByText(walkedAway)).toHaveCount(0);

    // Back online, the only join that goes out is the next guest's, under their own identity.
    await context.setOffline(false);
    await joinAs(page, 'Massage', next, '4155550132');
    expect(joins.requests.map((request) => request.postDataJSON().name)).toEqual([next]);
  });
});

test.describe('a join the kiosk cannot send', () => {
  test.use({ viewport: { width: 1024, height: 768 } });
  // The aborted request is logged by Chromium (the server down); the 429 too.
  test.use({ allowedConsoleErrors: [/net::ERR_FAILED|status of 429/] });

  test('the server out of reach, then the per-IP join limit: the guest is sent to the front desk, with the details kept', async ({
    page,
  }) => {
    const name = `Kiosk Refused ${Date.now() % 100000}`;
    const isJoin = (url: URL) => url.pathname === WAIT_LIST_API;
    await page.route(
      isJoin,
      (route) => (route.request().method() === 'POST' ? route.abort('failed') : route.fallback()),
      {
        times: 1,
      },
    );
    await page.goto(KIOSK);
    await expectStart(page);
    await serviceButton(page, 'Facials').click();
    await page.getByRole('button', { name: 'Next' }).click();
    await nameInput(page).fill(name);
    await phoneInput(page).pressSequentially('4155550133');
    await page.getByRole('button', { name: 'Next' }).click();
    const dialog = confirmDialog(page);
    await dialog.getByRole('button', { name: 'Yes' }).click();
    // Not "try again when you are connected": a guest cannot connect the kiosk.
    await expect(dialog.getByRole('alert')).toHaveText(
      'The kiosk cannot reach the wait list right now. Please try again, or ask at the front desk.',
    );

    // As the server answers once this address has joined RATE_LIMIT_JOINS_PER_IP_PER_HOUR times.
    await page.route(
      isJoin,
      (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 429,
              headers: { 'retry-after': '3000' },
              json: {
                error: {
                  code: 'RATE_LIMITED',
                  message: 'Too many requests. Please wait a moment and try again.',
                },
              },
            })
          : route.fallback(),
      { times: 1 },
    );
    await dialog.getByRole('button', { name: 'Yes' }).click();
    // Not "wait a moment": the limit counts an hour, and the desk can add the guest now.
    await expect(dialog.getByRole('alert')).toHaveText(
      'This kiosk cannot add anyone to the wait list for now. Please ask at the front desk: they can add you.',
    );
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(nameInput(page)).toHaveValue(name);
    await expect(phoneInput(page)).toHaveValue('+1 (415) 555-0133');
    await expectNoLinks(page);
  });
});

test.describe("the browser's Back", () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('stays in the kiosk, and keeps what the guest typed', async ({ page }) => {
    // What the tab showed before the kiosk (the tablet's own Back gesture would go there).
    await page.goto('/demo');
    await page.goto(KIOSK);
    await expectStart(page);
    await serviceButton(page, 'Facials').click();
    await page.getByRole('button', { name: 'Next' }).click();
    await nameInput(page).fill('Back Guest');
    for (let press = 0; press < 2; press += 1) {
      await page.goBack();
      await expect(page).toHaveURL((url) => url.pathname === KIOSK);
      await expect(nameInput(page)).toHaveValue('Back Guest');
    }
    await expectNoLinks(page);
  });
});

test.describe('an unexpected error', () => {
  test.use({ viewport: { width: 768, height: 1024 } });
  // The error is made on purpose below; React and React Router log it.
  test.use({ allowedConsoleErrors: [/is not a function/] });

  test('says so without a way out of the kiosk, and Start over brings the kiosk back', async ({ page }) => {
    // Any error while the kiosk renders will do: here, a business whose services are not a list.
    await page.route(
      (url) => url.pathname === KIOSK,
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace('"services":[', '"services":7,"unused":[');
        await route.fulfill({ response, body: html });
      },
      { times: 1 },
    );
    await page.goto(KIOSK);
    await expect(page.getByRole('heading', { name: 'Oops!' })).toBeVisible();
    await expectNoLinks(page);
    const startOver = page.getByRole('button', { name: 'Start over' });
    expect((await startOver.boundingBox())?.height).toBeGreaterThanOrEqual(64);
    await startOver.click();
    await expectStart(page);
    await expect(page).toHaveURL((url) => url.pathname === KIOSK);
  });
});

test('staff open the kiosk from Settings, in a new tab', async ({ browser }) => {
  const owner = await openConsole(browser, 'settings');
  const open = owner.getByRole('link', { name: 'Open the kiosk' });
  await expect(open).toHaveAttribute('href', KIOSK);
  await expect(open).toHaveAttribute('target', '_blank');
  const [kiosk] = await Promise.all([owner.context().waitForEvent('page'), open.click()]);
  await expect(kiosk.getByRole('heading', { name: 'Walk ins' })).toBeVisible();
  await owner.context().close();
});
