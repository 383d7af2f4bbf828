import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y.ts';
import { DEMO_ACCOUNTS, openConsole } from './support/console.ts';
import { expect, test, waitForHydration } from './support/fixtures.ts';
import { openServiceRequest } from './support/providers.ts';
import {
  confirmDialog,
  fillAndConfirm,
  nameInput,
  openLanding,
  openUserInfo,
  phoneInput,
  serviceButton,
} from './support/walk-in.ts';

/** Issue 14, part 4: every page passes axe's WCAG 2.2 A and AA rules; the flows work from the keyboard. */

const uniqueName = (prefix: string) => `${prefix} ${Date.now() % 100000}`;

/** A customer joins for Facials with the mouse; the page ends on the checked-in page. */
async function join(page: Page, name: string): Promise<void> {
  await openLanding(page);
  await serviceButton(page, 'Facials').click();
  await page.getByRole('button', { name: 'Next' }).click();
  await fillAndConfirm(page, name);
  await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('heading', { name: "You're on the list" })).toBeVisible();
}

const boardRow = (staff: Page, name: string) => staff.locator('.board-row').filter({ hasText: name });

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus: how a keyboard user gets there. Fails
 * if it never does, which is the point: something unreachable by Tab is a finding.
 */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 60 } = {}): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached with ${limit} presses of Tab`).toBeFocused({ timeout: 1 });
}

test.describe('axe: customer pages', () => {
  test('home, the landing page with and without a service, and the not-found pages', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'CheckN Walkin Service' })).toBeVisible();
    await expectNoAxeViolations(page);

    await openLanding(page);
    await expectNoAxeViolations(page);
    // Next without a service: the error shows under the list.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Please select service', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await serviceButton(page, 'Facials').click();
    await expect(serviceButton(page, 'Facials')).toHaveAttribute('aria-pressed', 'true');
    await expectNoAxeViolations(page);

    await page.goto('/no-such-salon');
    await expect(page.getByRole('heading', { name: 'Business not found' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/demo/checked-in?waitId=00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'We could not find that place in line' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/demo/chat');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/a/b/c/d');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('user-info: empty, with an error, and with the confirmation open', async ({ page }) => {
    await openUserInfo(page);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Please enter name & phone number', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await nameInput(page).fill('Axe Checker');
    await phoneInput(page).pressSequentially('415555');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(phoneInput(page)).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    await phoneInput(page).pressSequentially('0123');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(confirmDialog(page)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('checked-in while waiting and after leaving; chat empty and with a message', async ({
    page,
    browser,
  }) => {
    await join(page, uniqueName('Axe Waiting'));
    await expect(page.locator('.live-status')).toContainText(/in line/);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: /Message / }).click();
    await expect(page.getByPlaceholder('Write a message')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByPlaceholder('Write a message').fill('Is there parking nearby?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.locator('.chat-message--mine')).toContainText('Is there parking nearby?');
    await expectNoAxeViolations(page);

    await page.goBack();
    await page.getByRole('button', { name: 'Leave the wait list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave the wait list?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Leave', exact: true }).click();
    await expect(page.getByText('You are no longer on the wait list.')).toBeVisible();
    await expectNoAxeViolations(page);

    // The business reads the message, leaving the board's unread count as it was for other specs.
    const waitId = new URL(page.url()).searchParams.get('waitId') ?? '';
    const staff = await browser.newContext();
    await staff.request.post('/api/v1/staff/sign-in', { data: DEMO_ACCOUNTS.owner });
    const me = await (await staff.request.get('/api/v1/staff/me')).json();
    const read = await staff.request.post(`/api/v1/staff/chat/${waitId}/read`, {
      headers: { 'x-csrf-token': me.csrfToken },
    });
    expect(read.ok()).toBe(true);
    await staff.close();
  });

  test('add-client: the form, its error, and the success view', async ({ page, browser }) => {
    const provider = await openServiceRequest(page, browser);
    await expect(page.getByText(provider.name, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('Please enter name & phone number')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('First name').fill('Axe');
    await page.getByLabel('Last name').fill('Request');
    await page.getByLabel('Phone number').pressSequentially('4155550177');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText("You're all set!")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test.describe('the kiosk on a tablet', () => {
    test.use({ viewport: { width: 1024, height: 768 } });

    test('start, details, and the confirmation', async ({ page }) => {
      await page.goto('/demo/kiosk');
      await expect(page.getByRole('heading', { name: 'Walk ins' })).toBeVisible();
      await expectNoAxeViolations(page);
      await serviceButton(page, 'Massage').click();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('heading', { name: 'Enter your name and phone number' })).toBeVisible();
      await expectNoAxeViolations(page);
      const name = uniqueName('Axe Kiosk');
      await nameInput(page).fill(name);
      await phoneInput(page).pressSequentially('4155550178');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(confirmDialog(page)).toBeVisible();
      await expectNoAxeViolations(page);
      await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
      await expect(page.getByRole('heading', { name: `Thank you, ${name}!` })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });

  test.describe('in the dark colour scheme', () => {
    test.use({ colorScheme: 'dark' });

    test('the landing and user-info pages keep their contrast', async ({ page }) => {
      await openLanding(page);
      await serviceButton(page, 'Facials').click();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Next' }).click();
      // Next on the form only once it is there and alive: a tap before the scripts run is issue 24's.
      await expect(page.getByRole('heading', { name: 'Enter your name and phone number' })).toBeVisible();
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByText('Please enter name & phone number', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
});

test.describe('axe: the console', () => {
  test('sign-in, with and without its error', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1180, height: 820 } });
    const staff = await context.newPage();
    await staff.goto('/console');
    await expect(staff.getByRole('heading', { name: 'Sign in to your business' })).toBeVisible();
    await expectNoAxeViolations(staff);
    await staff.getByLabel('Email').fill(DEMO_ACCOUNTS.owner.email);
    await staff.getByLabel('Password').fill('not-the-password');
    await staff.getByRole('button', { name: 'Sign in' }).click();
    await expect(staff.getByText('That email and password do not match.')).toBeVisible();
    await expectNoAxeViolations(staff);
    await context.close();
  });

  test("the owner's board with a customer, its menu and chat open, and the add walk-in dialog", async ({
    page,
    browser,
  }) => {
    const name = uniqueName('Axe Board');
    const staff = await openConsole(browser);
    await join(page, name);
    await page.getByRole('link', { name: /Message / }).click();
    await page.getByPlaceholder('Write a message').fill('Hello from the line');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(boardRow(staff, name)).toBeVisible();
    await expectNoAxeViolations(staff);

    await boardRow(staff, name).getByRole('button', { name: 'Call' }).click();
    await expect(boardRow(staff, name).locator('.status-pill')).toHaveText('Called');
    await boardRow(staff, name).getByText('More').click();
    await expect(boardRow(staff, name).getByRole('button', { name: 'Done' })).toBeVisible();
    await expectNoAxeViolations(staff);
    await staff.keyboard.press('Escape');

    await boardRow(staff, name)
      .getByRole('button', { name: `Chat ${name}` })
      .click();
    const panel = staff.getByRole('complementary', { name: 'Chat' });
    await expect(panel).toContainText('Hello from the line');
    await expectNoAxeViolations(staff);
    await panel.getByRole('button', { name: 'Close chat' }).click();

    await staff.getByRole('button', { name: 'Add walk-in' }).click();
    await expect(staff.getByRole('dialog', { name: 'Add a walk-in' })).toBeVisible();
    await expectNoAxeViolations(staff);
    await staff.context().close();
  });

  test("every other page of the owner's console", async ({ browser }) => {
    const staff = await openConsole(browser, 'texts');
    await expect(staff.getByRole('link', { name: 'Text messages' })).toHaveAttribute('aria-current', 'page');
    await expect(staff.locator('.panel-state, .spinner')).toHaveCount(0);
    await expectNoAxeViolations(staff);
    for (const [path, ready] of [
      ['insights', staff.getByRole('heading', { name: 'Walk-ins per day' })],
      ['people', staff.getByRole('heading', { name: 'Add person' })],
      ['customers', staff.getByRole('heading', { level: 2, name: 'Customers' })],
      ['settings', staff.getByRole('heading', { name: 'Business' })],
      ['account', staff.getByRole('heading', { name: 'Change your password' })],
      ['no-such-section', staff.getByRole('heading', { name: 'Page not found' })],
    ] as const) {
      await staff.goto(`/console/${path}`);
      await expect(ready).toBeVisible();
      await expect(staff.locator('.spinner')).toHaveCount(0);
      await expectNoAxeViolations(staff);
    }
    await staff.goto('/console/poster');
    await expect(staff.getByRole('link', { name: /^QR code for / })).toBeVisible();
    await expectNoAxeViolations(staff);
    await staff.context().close();
  });

  test("a provider's board", async ({ browser }) => {
    const staff = await openConsole(browser, '', DEMO_ACCOUNTS.provider);
    await expect(staff.getByRole('button', { name: 'Mine' })).toBeVisible();
    await expectNoAxeViolations(staff);
    await staff.getByRole('button', { name: 'Everyone' }).click();
    await expectNoAxeViolations(staff);
    await staff.context().close();
  });
});

test.describe('the keyboard alone', () => {
  test('a customer joins from the landing page to their place in line without a click', async ({ page }) => {
    const name = uniqueName('Keys Only');
    await openLanding(page);
    await tabTo(page, serviceButton(page, 'Massage'));
    await page.keyboard.press('Space');
    await expect(serviceButton(page, 'Massage')).toHaveAttribute('aria-pressed', 'true');
    // Changing one's mind: back with Shift+Tab to another service.
    await tabTo(page, serviceButton(page, 'Facials'), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(serviceButton(page, 'Facials')).toHaveAttribute('aria-pressed', 'true');
    await expect(serviceButton(page, 'Massage')).toHaveAttribute('aria-pressed', 'false');
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');

    // The new page's heading has the focus (a screen reader reads where one landed); Tab goes on from there.
    await expect(page.getByRole('heading', { name: 'Enter your name and phone number' })).toBeFocused();
    await tabTo(page, nameInput(page));
    await page.keyboard.type(name);
    await page.keyboard.press('Tab');
    await expect(phoneInput(page)).toBeFocused();
    await page.keyboard.type('4155550179');
    await expect(phoneInput(page)).toHaveValue('+1 (415) 555-0179');
    // Enter in a field submits the form, as in any form.
    await page.keyboard.press('Enter');

    const dialog = confirmDialog(page);
    await expect(dialog).toHaveAccessibleName(`Hi ${name}`);
    // The focus moved into the dialog; Escape closes it and gives the focus back.
    await expect(dialog.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.locator('body')).not.toBeFocused();
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    // Tab stays inside the open dialog: it reaches Yes, never the page behind.
    await tabTo(page, dialog.getByRole('button', { name: 'Yes' }), { limit: 4 });
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: "You're on the list" })).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: /in line/ })).toBeVisible();
    await tabTo(page, page.getByRole('link', { name: /Message / }));
  });

  test.describe('on a small phone', () => {
    test.use({ viewport: { width: 320, height: 568 } });

    test('each service reached with Tab shows clear of the bottom bar', async ({ page }) => {
      await openLanding(page);
      const bar = await page.locator('.bottom-bar').boundingBox();
      for (const service of ['Facials', 'Massage', 'Mani/Pedi', 'Waxing']) {
        await tabTo(page, serviceButton(page, service));
        const box = await serviceButton(page, service).boundingBox();
        expect(box && bar && box.y + box.height, `${service} above the bar`).toBeLessThanOrEqual(bar?.y ?? 0);
      }
    });

    test('on the checked-in page, what Tab reaches shows clear of the offer of notifications', async ({
      page,
    }) => {
      await openUserInfo(page);
      await fillAndConfirm(page);
      await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
      const offer = page.locator('.notify-card');
      await expect(offer.getByRole('button', { name: 'Turn on notifications' })).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      for (const action of [
        page.getByRole('link', { name: /Message / }),
        page.getByRole('button', { name: 'Leave the wait list' }),
        page.getByRole('button', { name: 'Forget me' }),
      ]) {
        await tabTo(page, action);
        const box = await action.boundingBox();
        const card = await offer.boundingBox();
        expect(box && card && box.y + box.height, 'above the offer').toBeLessThanOrEqual(card?.y ?? 0);
      }
      // A phone on its side: stuck to the bottom, the offer would cover most of the page.
      await page.setViewportSize({ width: 740, height: 360 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(offer).not.toBeInViewport();
      await expect(page.getByRole('heading', { name: "You're on the list" })).toBeInViewport();
    });
  });

  for (const size of [
    { width: 1180, height: 480 },
    { width: 390, height: 600 },
  ]) {
    test(`going back up the board with Shift+Tab, nothing hides under the console's header (${size.width} px)`, async ({
      browser,
    }) => {
      const staff = await openConsole(browser);
      const me = await (await staff.request.get('/api/v1/staff/me')).json();
      const names = Array.from({ length: 6 }, (_, index) => uniqueName(`Scroll ${index}`));
      for (const name of names) {
        const added = await staff.request.post('/api/v1/staff/walk-ins', {
          data: { serviceType: 'Facials', name },
          headers: { 'x-csrf-token': me.csrfToken },
        });
        expect(added.status()).toBe(201);
      }
      await staff.setViewportSize(size);
      await expect(boardRow(staff, names[5] ?? '')).toBeVisible();
      await tabTo(staff, boardRow(staff, names[5] ?? '').getByRole('button', { name: 'Call' }), {
        limit: 300,
      });
      const addWalkIn = staff.getByRole('button', { name: 'Add walk-in' });
      for (let presses = 0; presses < 300; presses++) {
        const hidden = await staff.evaluate(() => {
          const focused = document.activeElement?.getBoundingClientRect();
          const header = document.querySelector('.console__header')?.getBoundingClientRect();
          return focused && header && focused.top < header.bottom
            ? `${document.activeElement?.outerHTML.slice(0, 80)} top ${focused.top} < header ${header.bottom}`
            : null;
        });
        expect(hidden).toBeNull();
        if (await addWalkIn.evaluate((element) => element === document.activeElement)) break;
        await staff.keyboard.press('Shift+Tab');
      }
      await expect(addWalkIn).toBeFocused();
      await staff.context().close();
    });
  }

  test('the front desk calls, starts and finishes a walk-in, and uses the More menu, from the keyboard', async ({
    page,
    browser,
  }) => {
    const first = uniqueName('Keys Desk');
    const second = uniqueName('Keys Menu');
    await join(page, first);
    // Another phone: one browser holds one customer's visit.
    const otherPhone = await browser.newPage();
    await join(otherPhone, second);
    await otherPhone.close();
    const staff = await openConsole(browser);
    const row = boardRow(staff, first);
    await expect(row).toBeVisible();

    await tabTo(staff, row.getByRole('button', { name: 'Call' }), { limit: 200 });
    await staff.keyboard.press('Enter');
    await expect(row.locator('.status-pill')).toHaveText('Called');
    // The row moved to "Called"; the focus followed it to its next step.
    await expect(row.getByRole('button', { name: 'Start' })).toBeFocused();
    await staff.keyboard.press('Space');
    await expect(row.locator('.status-pill')).toHaveText('In service');
    await expect(row.getByRole('button', { name: 'Done' })).toBeFocused();
    await staff.keyboard.press('Enter');
    await expect(row.locator('.status-pill')).toHaveText('Done');
    await expect(row.locator(':focus')).toHaveCount(1);

    const other = boardRow(staff, second);
    await tabTo(staff, other.getByRole('button', { name: 'Call' }), { limit: 200 });
    await staff.keyboard.press('Enter');
    await expect(other.locator('.status-pill')).toHaveText('Called');
    await tabTo(staff, other.getByText('More'), { backwards: true, limit: 5 });
    await staff.keyboard.press('Enter');
    await expect(other.getByRole('button', { name: 'Done' })).toBeVisible();
    // Escape closes the menu and leaves the focus on its button.
    await staff.keyboard.press('Escape');
    await expect(other.getByRole('button', { name: 'Done' })).toBeHidden();
    await expect(other.getByText('More')).toBeFocused();
    await staff.keyboard.press('Space');
    await tabTo(staff, other.getByRole('button', { name: 'Done' }), { limit: 5 });
    await staff.keyboard.press('Enter');
    await expect(other.locator('.status-pill')).toHaveText('Done');
    await expect(other.locator(':focus')).toHaveCount(1);
    await staff.context().close();
  });
});

test.describe('status changes are announced', () => {
  test("the customer's place, the call, the board's arrivals and a new message, in polite live regions", async ({
    page,
    browser,
  }) => {
    const name = uniqueName('Announced');
    const staff = await openConsole(browser);
    const arrivals = staff.getByRole('status').filter({ hasText: /new walk-in/ });
    await join(page, name);

    // The customer's status: one polite region that stays in place while its words change.
    const status = page.locator('.live-status-region');
    await expect(status).toHaveAttribute('role', 'status');
    await expect(status).toHaveAttribute('aria-live', 'polite');
    await expect(status).toHaveAttribute('aria-atomic', 'true');
    await expect(status).toContainText(/in line/);
    const region = await status.elementHandle();

    // The board says a walk-in arrived, politely.
    await expect(arrivals).toHaveText(/1 new walk-in/);
    await expect(arrivals).toHaveAttribute('aria-live', 'polite');

    await boardRow(staff, name).getByRole('button', { name: 'Call' }).click();
    await expect(status).toContainText("It's your turn! Please come to the front desk.");
    expect(await region?.evaluate((element) => element.isConnected)).toBe(true);

    // A message from the business is announced on the customer's chat; their own is not.
    await page.getByRole('link', { name: /Message / }).click();
    const incoming = page.locator('.chat__announcer');
    await expect(incoming).toHaveAttribute('role', 'status');
    await expect(incoming).toHaveAttribute('aria-live', 'polite');
    await page.getByPlaceholder('Write a message').fill('On my way');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.locator('.chat-message--mine')).toContainText('On my way');
    await expect(incoming).toHaveText('');
    await boardRow(staff, name)
      .getByRole('button', { name: `Chat ${name}` })
      .click();
    const panel = staff.getByRole('complementary', { name: 'Chat' });
    await panel.getByPlaceholder('Write a message').fill('See you in a minute');
    await panel.getByPlaceholder('Write a message').press('Enter');
    await expect(incoming).toHaveText(/See you in a minute/);

    await page.goBack();
    await boardRow(staff, name).getByText('More').click();
    await boardRow(staff, name).getByRole('button', { name: 'Done' }).click();
    await expect(page.locator('.live-status-region')).toContainText('All done.');
    await staff.context().close();
  });
});

test('a move between console sections lands on the new section: its main content and its heading', async ({
  browser,
}) => {
  const staff = await openConsole(browser, 'texts');
  await expect(
    staff.getByRole('main').getByRole('heading', { level: 1, name: 'Text messages' }),
  ).toBeAttached();
  await staff.getByRole('link', { name: 'Settings' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Settings' })).toBeFocused();
  await staff.getByRole('link', { name: 'Board' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Board' })).toBeFocused();
  await staff.context().close();
});
