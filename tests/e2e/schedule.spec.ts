import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y.ts';
import { DEMO_ACCOUNTS, openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';

/** The next Tuesday after today, YYYY-MM-DD (the browser's clock; days off are dates). */
function nextTuesday(): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + ((2 - day.getUTCDay() + 7) % 7 || 7));
  return day.toISOString().slice(0, 10);
}

/** Puts a provider's schedule back as seeded (no shifts, days off or services): other specs expect the demo as it was. */
async function clearSchedule(page: Page, providerId: string) {
  const { csrfToken } = await (await page.request.get('/api/v1/staff/me')).json();
  const response = await page.request.put(`/api/v1/staff/settings/providers/${providerId}/schedule`, {
    headers: { 'x-csrf-token': csrfToken },
    data: { shifts: [], daysOff: [], services: [] },
  });
  expect(response.status()).toBe(200);
}

test("the owner gives Maria Monday 10:00–14:00, a Tuesday off and only women's haircuts", async ({
  browser,
}) => {
  const page = await openConsole(browser, 'settings');
  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Who works when' }) });
  const maria = card
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Maria Lopez' }) });
  const mariaId = (await (await page.request.get('/api/v1/staff/board')).json()).providers[0].id as string;
  try {
    // No shifts yet: she works whenever the business is open.
    await expect(maria.getByText('Works all opening hours')).toBeVisible();
    await expect(maria.getByText('Every service')).toBeVisible();

    await maria.getByRole('button', { name: 'Add hours on Monday' }).click();
    await maria.getByLabel('Monday from').fill('10:00');
    await maria.getByLabel('Monday to').fill('14:00');
    // With a shift on the week, a day without one is a day off.
    await expect(maria.getByText('Works all opening hours')).toHaveCount(0);
    await expect(maria.getByRole('listitem').filter({ hasText: 'Tuesday' }).getByText('Off')).toBeVisible();

    const tuesday = nextTuesday();
    await maria.getByLabel('Day off').fill(tuesday);
    await maria.getByRole('button', { name: 'Add day off' }).click();
    await maria.getByLabel("Women's Haircut/Style").check();
    await expect(maria.getByText('None ticked: every service.')).toBeVisible();
    await expectNoAxeViolations(page);
    await maria.getByRole('button', { name: 'Save' }).click();
    await expect(maria.getByRole('status')).toHaveText('Saved');

    // Kept: after a reload the form shows what the server has.
    await page.reload();
    await expect(maria.getByLabel('Monday from')).toHaveValue('10:00');
    await expect(maria.getByLabel('Monday to')).toHaveValue('14:00');
    await expect(maria.getByLabel("Women's Haircut/Style")).toBeChecked();
    await expect(maria.getByLabel("Men's Haircut/Style", { exact: true })).not.toBeChecked();
    await expect(maria.getByRole('button', { name: /^Remove the day off on Tue/ })).toBeVisible();
    const saved = await (await page.request.get('/api/v1/staff/settings/schedules')).json();
    expect(saved.schedules[0]).toEqual({
      providerId: mariaId,
      shifts: [{ weekday: 1, startMinute: 600, endMinute: 840 }],
      daysOff: [tuesday],
      services: ["Women's Haircut/Style"],
    });
  } finally {
    await clearSchedule(page, mariaId);
    await page.context().close();
  }
});

test("a provider sets themself On break, and the owner's board shows it live", async ({ browser }) => {
  const owner = await openConsole(browser);
  const maria = await openConsole(browser, '', DEMO_ACCOUNTS.provider);
  const ownersView = owner.getByLabel('Maria Lopez: on the floor, on break or off');
  await expect(ownersView).toHaveValue('on_floor');
  // A provider changes only their own: James's state is text on Maria's board.
  const strip = maria.getByRole('region', { name: 'Who is on the floor' });
  await expect(strip.getByLabel('James Chen: on the floor, on break or off')).toHaveCount(0);
  await expect(strip.getByRole('listitem').filter({ hasText: 'James Chen' })).toContainText('On the floor');

  try {
    await maria.getByLabel('Maria Lopez: on the floor, on break or off').selectOption('on_break');
    // No reload: the board topic brings it.
    await expect(ownersView).toHaveValue('on_break');
    await expect(ownersView.locator('option:checked')).toHaveText('On break');
  } finally {
    await maria.getByLabel('Maria Lopez: on the floor, on break or off').selectOption('on_floor');
    await expect(ownersView).toHaveValue('on_floor');
    await owner.context().close();
    await maria.context().close();
  }
});
