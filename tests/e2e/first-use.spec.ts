import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_ACCOUNTS, openConsole } from './support/console.ts';
import { expect, recordJoins, test } from './support/fixtures.ts';
import { openServiceRequest } from './support/providers.ts';
import {
  confirmDialog,
  fillAndConfirm,
  openLanding,
  openUserInfo,
  overflowsHorizontally,
  serviceButton,
} from './support/walk-in.ts';

// What a new user tripped over on a phone and in the console (issue 13, point 5), one test each.

test('the heading follows the visit: after leaving it no longer says "You\'re on the list"', async ({
  page,
}) => {
  await openLanding(page);
  await serviceButton(page, 'Facials').click();
  await page.getByRole('button', { name: 'Next' }).click();
  await fillAndConfirm(page, `Heading ${Date.now() % 100000}`);
  await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('heading', { name: "You're on the list" })).toBeVisible();

  await page.getByRole('button', { name: 'Leave the wait list' }).click();
  await confirmDialog(page).getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByText('You are no longer on the wait list.')).toBeVisible();
  await expect(page.getByRole('heading', { name: "You're no longer in line" })).toBeVisible();
  await expect(page.getByText("You're on the list")).toHaveCount(0);
  await expect(page.getByText(/Your request was sent to/)).toHaveCount(0);
  await expect(page).toHaveTitle(/^You're no longer in line/);
});

for (const { action, heading, status } of [
  {
    action: 'Done',
    heading: 'Thanks for coming in',
    status: 'All done. Thank you for visiting Bella Demo Salon!',
  },
  {
    action: 'No-show',
    heading: "You're no longer in line",
    status: 'We called you but could not find you. Join again if you are still here.',
  },
  { action: 'Remove', heading: "You're no longer in line", status: 'You are no longer on the wait list.' },
] as const) {
  test(`the heading follows the visit: after staff mark it ${action} it no longer says "You're on the list"`, async ({
    page,
    browser,
  }) => {
    const name = `Heading ${action} ${Date.now() % 100000}`;
    await openLanding(page);
    await serviceButton(page, 'Facials').click();
    await page.getByRole('button', { name: 'Next' }).click();
    await fillAndConfirm(page, name);
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('heading', { name: "You're on the list" })).toBeVisible();

    const staff = await openConsole(browser);
    const row = staff.locator('.board-row').filter({ hasText: name });
    if (action === 'Done') {
      // Done comes after a call (src/shared/wait-status.ts).
      await row.getByRole('button', { name: 'Call' }).click();
      await expect(row.locator('.status-pill')).toHaveText('Called');
    }
    await row.getByText('More').click();
    await row.getByRole('button', { name: action, exact: true }).click();

    await expect(page.getByText(status)).toBeVisible();
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByText("You're on the list")).toHaveCount(0);
    await expect(page).toHaveTitle(new RegExp(`^${heading}`));
    await staff.context().close();
  });
}

test('a 60-letter name without spaces keeps the confirmation on the screen', async ({ page }) => {
  await openUserInfo(page);
  await fillAndConfirm(page, 'W'.repeat(60));
  const box = await confirmDialog(page).boundingBox();
  const viewport = page.viewportSize()!;
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
  await expect(confirmDialog(page).getByRole('button', { name: 'Yes' })).toBeInViewport({ ratio: 1 });
});

/** 60 letters without a space, its end unique to the test (rows of earlier tests stay on the board). */
const longName = () => `${'W'.repeat(52)}${String(Date.now()).slice(-8)}`;

/** A customer joins from their phone, through the confirmation, as `name`. */
async function joinAs(page: Page, name: string) {
  await openUserInfo(page);
  await fillAndConfirm(page, name);
  await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('heading', { name: "You're on the list" })).toBeVisible();
}

/** Nothing to scroll sideways to, and each of `targets` on the screen once scrolled to. */
async function expectOnScreen(page: Page, targets: Locator[]) {
  expect(await overflowsHorizontally(page)).toBe(false);
  for (const target of targets) {
    // Centred, not "if needed": a target a fraction of a pixel past the edge counts as seen for
    // scrollIntoViewIfNeeded, which then leaves it there (CI, a More menu's last item at 99.9 %).
    await target.evaluate((element) => element.scrollIntoView({ block: 'center', inline: 'center' }));
    await expect(target).toBeInViewport({ ratio: 1 });
  }
}

async function expectApart(a: Locator, b: Locator) {
  const [first, second] = [(await a.boundingBox())!, (await b.boundingBox())!];
  const apart =
    first.x + first.width <= second.x ||
    second.x + second.width <= first.x ||
    first.y + first.height <= second.y ||
    second.y + second.height <= first.y;
  expect(apart, 'the two do not overlap').toBe(true);
}

test('a 60-letter name without spaces wraps in its board row on a phone, clear of its status and buttons', async ({
  page,
  browser,
}) => {
  const name = longName();
  await joinAs(page, name);
  const staff = await openConsole(browser);
  await staff.setViewportSize({ width: 390, height: 844 });
  const row = staff.locator('.board-row').filter({ hasText: name });
  await expect(row.getByText(name, { exact: true })).toBeVisible();
  const status = row.locator('.status-pill');
  await expect(status).toHaveText('Waiting');
  await expectOnScreen(staff, [
    row.getByText(name, { exact: true }),
    status,
    row.getByLabel('Provider'),
    row.getByRole('button', { name: `Chat ${name}` }),
    row.getByText('More', { exact: true }),
    row.getByRole('button', { name: 'Call' }),
  ]);
  await expectApart(row.getByText(name, { exact: true }), status);

  // Its More menu opens on the screen; Remove leaves the row's Undo, on the screen too.
  await row.getByText('More', { exact: true }).click();
  await expectOnScreen(staff, [row.getByRole('button', { name: 'Remove', exact: true })]);
  await row.getByRole('button', { name: 'Remove', exact: true }).click();
  const pending = staff.locator('.board-row--pending').filter({ hasText: name });
  await expect(pending).toContainText(`${name} removed from the list.`);
  await expectOnScreen(staff, [pending.getByRole('button', { name: 'Undo' })]);
  await pending.getByRole('button', { name: 'Undo' }).click();
  await expect(row.getByRole('button', { name: 'Call' })).toBeVisible();

  // The owner finds the visit under Customers by the phone number.
  await staff.getByRole('link', { name: 'Customers' }).click();
  await staff.getByLabel('Phone number').fill('4155550123');
  await staff.getByRole('button', { name: 'Find' }).click();
  await expectOnScreen(staff, [
    staff.getByText(name, { exact: true }),
    staff.getByRole('button', { name: 'Erase their data' }),
  ]);
  await staff.context().close();
});

test('a 60-letter name without spaces keeps the staff chat panel on the screen, its close button and message box in reach', async ({
  page,
  browser,
}) => {
  const name = longName();
  await joinAs(page, name);
  const staff = await openConsole(browser);
  await staff.setViewportSize({ width: 1280, height: 800 });
  await staff
    .locator('.board-row')
    .filter({ hasText: name })
    .getByRole('button', { name: `Chat ${name}` })
    .click();
  const panel = staff.getByRole('complementary', { name: 'Chat' });
  await expect(panel.getByRole('heading', { name })).toBeVisible();
  await expectOnScreen(staff, [
    panel.getByRole('heading', { name }),
    panel.getByRole('button', { name: 'Close chat' }),
    panel.getByLabel('Write a message'),
  ]);
  await panel.getByLabel('Write a message').fill('Your chair is ready');
  await expectOnScreen(staff, [panel.getByRole('button', { name: 'Send', exact: true })]);
  await expectApart(panel.getByRole('heading', { name }), panel.getByRole('button', { name: 'Close chat' }));
  await staff.context().close();
});

test("a request with a 60-letter name wraps in the board's Requests on a phone", async ({
  page,
  browser,
}) => {
  const first = longName();
  await openServiceRequest(page, browser);
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Phone number').pressSequentially('4155550191');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Follow your request' })).toBeVisible();
  expect(await overflowsHorizontally(page)).toBe(false);

  const staff = await openConsole(browser);
  await staff.setViewportSize({ width: 390, height: 844 });
  const request = staff.locator('.board-row--request').filter({ hasText: first });
  await expectOnScreen(staff, [
    request.getByText(first),
    request.getByRole('button', { name: 'Decline' }),
    request.getByRole('button', { name: 'Accept' }),
  ]);
  await staff.context().close();
});

test('an 80-letter business name wraps in the console header, the chat panel and the customer pages', async ({
  page,
  browser,
  renameBusiness,
}) => {
  const business = 'B'.repeat(80);
  const staff = await openConsole(browser);
  await renameBusiness(business);
  const name = longName();
  await joinAs(page, name);
  await expectOnScreen(page, [page.getByRole('link', { name: `Message ${business}` })]);
  await openLanding(page);
  await expectOnScreen(page, [
    page.getByText(business, { exact: true }),
    page.getByRole('button', { name: 'Next' }),
  ]);
  await openUserInfo(page);
  await expectOnScreen(page, [page.getByRole('link', { name: business }), page.getByText(`${business} · `)]);
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto('/demo/kiosk');
  await expectOnScreen(page, [
    page.getByText(business, { exact: true }),
    page.getByRole('button', { name: 'Next' }),
  ]);

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 768, height: 1024 },
    { width: 1280, height: 800 },
  ]) {
    await staff.setViewportSize(viewport);
    await staff.goto('/console');
    await expect(staff.locator('.console__business')).toHaveText(business);
    const nav = staff.getByRole('navigation', { name: 'Console' });
    await expectOnScreen(staff, [
      staff.locator('.console__business'),
      nav.getByRole('link', { name: 'Board' }),
      nav.getByRole('link', { name: 'Your account' }),
      staff.getByRole('button', { name: 'Sign out' }),
    ]);
    await staff
      .locator('.board-row')
      .filter({ hasText: name })
      .getByRole('button', { name: `Chat ${name}` })
      .click();
    const panel = staff.getByRole('complementary', { name: 'Chat' });
    await expectOnScreen(staff, [
      panel.getByRole('button', { name: 'Close chat' }),
      panel.getByLabel(`Post as ${business}`),
      panel.getByLabel('Write a message'),
    ]);
  }
  await staff.context().close();
});

test.describe(() => {
  // Chromium says so when a page subscribes where it has no push service.
  test.use({ allowedConsoleErrors: [/does not support the Push API/] });

  test('"Notifications are on." only when subscribing worked', async ({ page, context }) => {
    await openLanding(page);
    await serviceButton(page, 'Massage').click();
    await page.getByRole('button', { name: 'Next' }).click();
    await fillAndConfirm(page, `Notify ${Date.now() % 100000}`);
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('button', { name: 'Turn on notifications' })).toBeVisible();
    // The customer allows notifications, but this browser cannot subscribe (no push service).
    await context.grantPermissions(['notifications']);
    await page.getByRole('button', { name: 'Turn on notifications' }).click();
    await expect(
      page.getByText('We could not turn on notifications on this device. We will still text you.'),
    ).toBeVisible();
    await expect(page.getByText('Notifications are on.')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});

test('without a waitId the checked-in page and chat say so and lead back to the business', async ({
  page,
}) => {
  await page.goto('/demo/checked-in');
  await expect(page.getByRole('heading', { name: 'We could not find that place in line' })).toBeVisible();
  await expect(page).toHaveTitle(/^We could not find that place in line/);
  await expect(page.getByText("You're on the list")).toHaveCount(0);

  await page.goto('/demo/chat');
  await expect(page.getByRole('heading', { name: 'We could not find that conversation' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the business page' }).click();
  await expect(page.getByRole('heading', { name: 'Walk ins' })).toBeVisible();
});

test('business codes in any case and pasted links open the business', async ({ page }) => {
  await page.goto('/DEMO');
  await expect(page.getByRole('heading', { name: 'Walk ins' })).toBeVisible();
  await expect(page).toHaveURL('/demo');

  await page.goto('/');
  await page.getByLabel('Business code').fill('http://checkn.example.com/Demo');
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { name: 'Walk ins' })).toBeVisible();
  await expect(page).toHaveURL('/demo');
});

test('a malformed address shows the not-found page, not raw JSON', async ({ page }) => {
  await page.goto('/%E0%A4%A');
  await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
  await expect(page.getByText('"error"')).toHaveCount(0);
});

test.describe(() => {
  // Offline, the browser logs what it could not fetch (analytics, the realtime socket): expected.
  test.use({ allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED/] });

  test('offline, Yes and a chat message say they will go out when the phone is back online', async ({
    page,
    context,
    browser,
  }) => {
    await openUserInfo(page);
    const name = `Offline ${Date.now() % 100000}`;
    await fillAndConfirm(page, name);
    await context.setOffline(true);
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
    await expect(confirmDialog(page)).toContainText(
      "You're offline. Keep this page open: we'll add you to the list as soon as you're back online.",
    );
    await context.setOffline(false);
    await expect(page.getByRole('heading', { name: "You're on the list" })).toBeVisible();

    await page.getByRole('link', { name: /^Message / }).click();
    // The conversation loads first (its code and messages); then the connection goes.
    await expect(page.getByText('No messages yet.', { exact: false })).toBeVisible();
    await context.setOffline(true);
    await page.getByLabel('Write a message').fill('Running 5 minutes late');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(
      page.getByText("You're offline. Your message will be sent when you're back online."),
    ).toBeVisible();
    await expect(page.getByLabel('Write a message')).toHaveValue('Running 5 minutes late');
    await context.setOffline(false);
    await expect(
      page.locator('.chat-message--mine').filter({ hasText: 'Running 5 minutes late' }),
    ).toBeVisible();
    await expect(page.getByLabel('Write a message')).toHaveValue('');

    // The business reads it, leaving the board's unread count as it was for other specs.
    const waitId = new URL(page.url()).searchParams.get('id') ?? '';
    const staff = await browser.newContext();
    await staff.request.post('/api/v1/staff/sign-in', { data: DEMO_ACCOUNTS.owner });
    const me = await (await staff.request.get('/api/v1/staff/me')).json();
    const read = await staff.request.post(`/api/v1/staff/chat/${waitId}/read`, {
      headers: { 'x-csrf-token': me.csrfToken },
    });
    expect(read.ok()).toBe(true);
    await staff.close();
  });
});

test.describe(() => {
  // Offline, the browser logs what it could not fetch (analytics, the realtime socket): expected.
  test.use({ allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED/] });

  test('offline, closing the confirmation cancels the join waiting for the connection: never sent, and the page says so', async ({
    page,
    context,
  }) => {
    const suffix = Date.now() % 100000;
    const joins = recordJoins(page);
    await openUserInfo(page);
    await fillAndConfirm(page, `Withdrawn ${suffix}`);
    await context.setOffline(true);
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
    await expect(confirmDialog(page)).toContainText("You're offline.");
    const close = confirmDialog(page).getByRole('button', { name: 'Close' });
    await expect(close).toBeEnabled();
    await close.click();
    await expect(confirmDialog(page)).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Cancelled' })).toHaveText(
      'Cancelled: nothing was sent, and you are not on the wait list.',
    );

    // Back online, the closed join stays unsent: the next one out is the customer's new one, alone.
    await context.setOffline(false);
    await page.getByLabel('Name', { exact: true }).fill(`Rejoined ${suffix}`);
    await page.getByRole('button', { name: 'Next' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('heading', { name: "You're on the list" })).toBeVisible();
    expect(joins.requests.map((request) => request.postDataJSON().name)).toEqual([`Rejoined ${suffix}`]);
  });
});

test.describe(() => {
  // Offline, the browser logs what it could not fetch (analytics, the realtime socket): expected.
  test.use({ allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED/] });

  test('offline, Leave, Forget me and a service request say they will go out when the phone is back online', async ({
    page,
    context,
    browser,
  }) => {
    await joinAs(page, `Offline leave ${Date.now() % 100000}`);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Leave the wait list' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Leave' }).click();
    await expect(confirmDialog(page)).toContainText(
      "You're offline. Keep this page open: we'll take you off the list as soon as you're back online.",
    );
    await context.setOffline(false);
    await expect(page.getByText('You are no longer on the wait list.')).toBeVisible();

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Forget me' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Erase my details' }).click();
    await expect(confirmDialog(page)).toContainText(
      "You're offline. Keep this page open: your details will be erased as soon as you're back online.",
    );
    await context.setOffline(false);
    await expect(page.getByText('Your details were erased')).toBeVisible();

    await openServiceRequest(page, browser);
    await page.getByLabel('First name').fill(`Offline request ${Date.now() % 100000}`);
    await page.getByLabel('Phone number').pressSequentially('4155550194');
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(
      page.getByText(
        "You're offline. Keep this page open: your request will be sent as soon as you're back online.",
      ),
    ).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByRole('heading', { name: "You're all set!" })).toBeVisible();
  });
});

test.describe(() => {
  // Offline, the browser logs what it could not fetch (the realtime socket): expected.
  test.use({ allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED/] });

  test('offline, the console says so on every page, and a Settings save says it will be saved when the device is back online', async ({
    browser,
  }) => {
    const staff = await openConsole(browser, 'settings');
    const business = staff.locator('form.settings-card').first();
    await expect(business.getByLabel('City')).not.toHaveValue('');
    const offlineNotice = staff.getByRole('status').filter({ hasText: "You're offline." });
    await expect(offlineNotice).toHaveCount(0);
    await staff.context().setOffline(true);
    // Every section of the console says it once: what is changed now waits for the connection.
    await expect(offlineNotice).toHaveText(
      "You're offline. What you change now is sent when you're back online, and the board catches up then.",
    );
    await business.getByRole('button', { name: 'Save' }).click();
    const state = business.locator('.save-state');
    await expect(state).toHaveText("You're offline. This will be saved when you're back online.");
    await staff.context().setOffline(false);
    await expect(state).toHaveText('Saved');
    await expect(offlineNotice).toHaveCount(0);
    await staff.context().close();
  });
});

test('the console: an unknown page is not the board, the More menu closes on Escape and outside', async ({
  browser,
  page,
}) => {
  await openLanding(page);
  await serviceButton(page, 'Waxing').click();
  await page.getByRole('button', { name: 'Next' }).click();
  const name = `Menu ${Date.now() % 100000}`;
  await fillAndConfirm(page, name);
  await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('heading', { name: "You're on the list" })).toBeVisible();

  const staff = await openConsole(browser, 'anything');
  await expect(staff.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(staff.locator('.board-row')).toHaveCount(0);
  await expect(staff).toHaveTitle(/^Page not found · Bella Demo Salon/);
  await staff.getByRole('link', { name: 'Go to the board' }).click();

  const row = staff.locator('.board-row').filter({ hasText: name });
  const menu = row.locator('details.menu');
  await row.getByText('More').click();
  await expect(menu).toHaveAttribute('open', '');
  await staff.keyboard.press('Escape');
  await expect(menu).not.toHaveAttribute('open');
  await row.getByText('More').click();
  await expect(menu).toHaveAttribute('open', '');
  await staff.locator('.console__business').click();
  await expect(menu).not.toHaveAttribute('open');

  // The staff chat's empty state speaks to staff, not the customer's "tell us you are running late".
  await row.getByRole('button', { name: `Chat ${name}` }).click();
  await expect(staff.getByText('No messages yet. Write to the customer here')).toBeVisible();
  await expect(staff.getByText('tell us you are running late')).toHaveCount(0);
  await staff.context().close();
});

test('every console address takes a trailing slash, the poster too', async ({ browser }) => {
  const staff = await openConsole(browser, 'poster/');
  await expect(staff.getByText('Scan to join the wait list', { exact: true })).toBeVisible();
  await expect(staff.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  for (const [path, heading] of [
    ['/console/', 'Board'],
    ['/console/texts/', 'Text messages'],
    ['/console/insights/', 'Insights'],
    ['/console/people/', 'People'],
    ['/console/customers/', 'Customers'],
    ['/console/settings/', 'Settings'],
    ['/console/account/', 'Your account'],
    ['/console/poster//', 'Bella Demo Salon'],
  ] as const) {
    await staff.goto(path);
    await expect(staff.getByRole('heading', { level: 1, name: heading, exact: true }), path).toBeAttached();
    await expect(staff.getByRole('heading', { name: 'Page not found' }), path).toHaveCount(0);
  }
  await staff.goto('/console/welcome/');
  await expect(staff.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await staff.context().close();
});

test('Settings: "Saved" goes away when a field is edited again; the logo takes a PNG', async ({
  browser,
}) => {
  const staff = await openConsole(browser, 'settings');
  const business = staff.locator('form.settings-card').first();
  await business.getByRole('button', { name: 'Save' }).click();
  await expect(business.getByText('Saved')).toBeVisible();
  await business.getByLabel('City').fill('Springfield ');
  await expect(business.getByText('Saved')).toHaveCount(0);

  // A "|" would shift city, state and ZIP: refused in words.
  await business.getByLabel('Street address').fill('1200 Main Street | Suite 4');
  await business.getByRole('button', { name: 'Save' }).click();
  await expect(business.getByText('The address cannot contain the | character')).toBeVisible();

  const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#c2185b80' } })
    .png()
    .toBuffer();
  await staff
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  const logoCard = staff
    .locator('section.settings-card')
    .filter({ has: staff.getByRole('heading', { name: 'Logo', exact: true }) });
  await expect(logoCard.getByText('Saved')).toBeVisible();
  await staff
    .locator('input[type="file"]')
    .setInputFiles({ name: 'photo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(logoCard.getByText('The logo must be a JPEG or PNG picture.')).toBeVisible();
  await staff.context().close();
});

test('add-client for a business that does not exist says so in words', async ({ page }) => {
  await page.goto('/add-client/00000000-0000-4000-8000-000000000000?companyId=no-such-salon&spName=Maria');
  // As the page opens, before anything is typed.
  await expect(page.getByText('We could not find that business. Check the link or code.')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveCount(0);
  await expect(page.getByText(/please try again/i)).toHaveCount(0);
});

test("Text messages show the business's clock, whatever zone the browser is in", async ({
  browser,
  page,
}) => {
  await openUserInfo(page);
  await fillAndConfirm(page, `Zone ${Date.now() % 100000}`, '4155550177');
  await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('heading', { name: "You're on the list" })).toBeVisible();

  // A laptop set to Tokyo looks at a salon in Chicago (the demo's zone).
  const context = await browser.newContext({
    viewport: { width: 1180, height: 820 },
    timezoneId: 'Asia/Tokyo',
  });
  const staff = await context.newPage();
  await staff.goto('/console/texts');
  await staff.getByLabel('Email').fill(DEMO_ACCOUNTS.owner.email);
  await staff.getByLabel('Password').fill(DEMO_ACCOUNTS.owner.password);
  await staff.getByRole('button', { name: 'Sign in' }).click();
  await expect(staff).toHaveTitle(/^Text messages · Bella Demo Salon/);
  const time = staff.locator('.sms-row--outbound[data-phone="+14155550177"] time').first();
  const sentAt = new Date((await time.getAttribute('datetime'))!);
  const chicago = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Chicago',
    hour: 'numeric',
    minute: '2-digit',
  }).format(sentAt);
  await expect(time).toContainText(
    chicago.replace(/\s?(AM|PM)$/, (_, half: string) => ` ${half.toLowerCase()}`),
  );
  await context.close();
});
