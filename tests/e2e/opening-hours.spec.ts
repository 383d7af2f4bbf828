import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { IntakeSettingsRequest, StaffMe } from '../../src/shared/staff-schemas.ts';
import { DEMO_ACCOUNTS, openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';
import { openServiceRequest } from './support/providers.ts';
import {
  confirmDialog,
  fillAndConfirm,
  openLanding,
  openUserInfo,
  serviceButton,
} from './support/walk-in.ts';

/** The demo business's zone (seed/demo.ts). */
const ZONE = 'America/Chicago';
const AROUND_THE_CLOCK: IntakeSettingsRequest = {
  openingHours: null,
  maxWaiting: null,
  maxWaitMinutes: null,
};

/** Tomorrow's date where the business is, YYYY-MM-DD. */
function tomorrowThere(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  const next = new Date(`${today}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** The owner's API session: the demo is put back open around the clock and unpaused whatever happens. */
async function ownerApi(
  baseURL: string | undefined,
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
) {
  const owner = await playwright.request.newContext({ baseURL });
  const me = (await (
    await owner.post('/api/v1/staff/sign-in', { data: DEMO_ACCOUNTS.owner })
  ).json()) as StaffMe;
  const headers = { 'x-csrf-token': me.csrfToken };
  return {
    /** The board's "Pause the list", with no word and no resume time. */
    pause: async () =>
      expect((await owner.put('/api/v1/staff/pause', { headers, data: {} })).ok()).toBe(true),
    resume: async () => expect((await owner.delete('/api/v1/staff/pause', { headers })).ok()).toBe(true),
    async restore() {
      await owner.put('/api/v1/staff/settings/intake', { headers, data: AROUND_THE_CLOCK });
      await owner.delete('/api/v1/staff/pause', { headers });
      await owner.dispose();
    },
  };
}

async function customerPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}

test('outside its hours the business says so on every entry page; those waiting keep their place', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const api = await ownerApi(baseURL, playwright);
  try {
    // Someone joined while it was open.
    await openUserInfo(page);
    await fillAndConfirm(page, 'Early Bird');
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText(/You're (next|number \d+) in line/)).toBeVisible();

    // The owner sets hours: closed every weekday, open tomorrow only (a special day).
    const owner = await openConsole(browser, 'settings');
    const hours = owner.locator('form', { has: owner.getByRole('heading', { name: 'Opening hours' }) });
    await hours.getByLabel('Set opening hours').check();
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
      await hours.getByLabel(day, { exact: true }).uncheck();
    }
    await hours.getByRole('button', { name: 'Add a special day' }).click();
    await hours.getByLabel('Date').fill(tomorrowThere());
    await hours.getByLabel('Closed all day').uncheck();
    await hours.getByLabel(`Opens on ${tomorrowThere()}`).fill('09:00');
    await hours.getByLabel(`Closes on ${tomorrowThere()}`).fill('17:00');
    await hours.getByRole('button', { name: 'Save' }).click();
    await expect(hours.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

    // The board says what customers read.
    await owner.getByRole('link', { name: 'Board' }).click();
    await expect(owner.locator('.intake-bar')).toContainText('Not taking walk-ins.');
    await expect(owner.locator('.intake-bar')).toContainText(
      'Customers see: Closed now · Opens tomorrow 9:00 AM',
    );

    // The first HTML already says it, with no way to join.
    const html = await (await page.request.get('/demo')).text();
    expect(html).toContain('Closed now');
    expect(html).toContain('Opens tomorrow 9:00 AM');
    const phone = await customerPhone(browser);
    await phone.goto('/demo');
    await expect(phone.getByRole('heading', { name: 'Closed now' })).toBeVisible();
    await expect(phone.getByText('Opens tomorrow 9:00 AM')).toBeVisible();
    await expect(phone.getByRole('heading', { name: 'Walk ins' })).toHaveCount(0);
    await expect(phone.getByRole('button', { name: 'Next' })).toHaveCount(0);
    // A link straight to the form: the same words, no form.
    await phone.goto("/demo/Women's%20Haircut%2FStyle/user-info");
    await expect(phone.getByRole('heading', { name: 'Closed now' })).toBeVisible();
    await expect(phone.getByLabel('Name', { exact: true })).toHaveCount(0);
    // The kiosk and a provider's request link.
    await phone.goto('/demo/kiosk');
    await expect(phone.getByRole('heading', { name: 'Closed now' })).toBeVisible();
    const provider = await openServiceRequest(phone, browser);
    await expect(phone.getByRole('heading', { name: 'Closed now' })).toBeVisible();
    // Its first HTML says it too.
    const requestHtml = await (
      await page.request.get(
        `/add-client/${provider.id}?companyId=demo&spName=${encodeURIComponent(provider.name)}`,
      )
    ).text();
    expect(requestHtml).toContain('Closed now');

    // The customer already waiting still has their place.
    await page.reload();
    await expect(page.getByText(/You're (next|number \d+) in line/)).toBeVisible();

    // Back to around the clock: the console says there are no hours.
    await owner.getByRole('link', { name: 'Settings' }).click();
    await hours.getByLabel('Open around the clock').check();
    await hours.getByRole('button', { name: 'Save' }).click();
    await expect(hours.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    await owner.getByRole('link', { name: 'Board' }).click();
    await expect(owner.locator('.intake-bar')).toContainText('Taking walk-ins');
    await expect(owner.locator('.intake-bar')).toContainText(
      'Open around the clock: no opening hours are set.',
    );
    await openLanding(phone);
  } finally {
    await api.restore();
  }
});

test.describe('a pause', () => {
  // The refused join is a 409 answer, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test('the desk pauses the list; a customer mid-way is told and keeps what they typed; Resume opens it', async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    const api = await ownerApi(baseURL, playwright);
    try {
      await openUserInfo(page);
      const desk = await openConsole(browser, '', DEMO_ACCOUNTS.frontDesk);
      await desk.getByRole('button', { name: 'Pause the list' }).click();
      const dialog = desk.getByRole('dialog', { name: 'Pause the wait list' });
      await dialog.getByLabel('Message for customers (optional)').fill('Back after a staff meeting');
      await dialog.getByLabel('Resume').selectOption({ label: 'In 30 minutes' });
      await dialog.getByRole('button', { name: 'Pause the list' }).click();
      await expect(dialog).toBeHidden();
      // Half an hour from late evening is "Back tomorrow 12:08 AM": the day's word depends on the clock.
      await expect(desk.locator('.intake-bar')).toContainText(
        /Customers see: The wait list is paused · Back after a staff meeting · Back (at|tomorrow) \d{1,2}:\d\d [AP]M/,
      );

      // The owner's board hears it live.
      const owner = await openConsole(browser);
      await expect(owner.getByRole('button', { name: 'Resume' })).toBeVisible();

      // The customer on the form presses on: told why, and nothing typed is lost.
      await fillAndConfirm(page, 'Paused Pat');
      await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
      await expect(confirmDialog(page)).toContainText('The wait list is paused · Back after a staff meeting');
      await confirmDialog(page).getByRole('button', { name: 'Close' }).click();
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Paused Pat');

      const phone = await customerPhone(browser);
      await phone.goto('/demo');
      await expect(phone.getByRole('heading', { name: 'The wait list is paused' })).toBeVisible();
      await expect(phone.getByText('Back after a staff meeting')).toBeVisible();

      await owner.getByRole('button', { name: 'Resume' }).click();
      await expect(desk.getByRole('button', { name: 'Pause the list' })).toBeVisible();
      await openLanding(phone);
    } finally {
      await api.restore();
    }
  });
});

test('a kiosk left open all day learns of a pause within a minute, and of the resume', async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await ownerApi(baseURL, playwright);
  try {
    await page.clock.install();
    await page.goto('/demo/kiosk');
    await expect(serviceButton(page, 'Facials')).toBeVisible();
    await api.pause();
    await page.clock.fastForward(60_000);
    await expect(page.getByRole('heading', { name: 'The wait list is paused' })).toBeVisible();
    await expect(serviceButton(page, 'Facials')).toHaveCount(0);
    await api.resume();
    await page.clock.fastForward(60_000);
    await expect(serviceButton(page, 'Facials')).toBeVisible();
  } finally {
    await api.restore();
  }
});
