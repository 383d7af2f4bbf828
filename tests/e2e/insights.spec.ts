import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';
import { historyDay, historySalon } from './support/history.ts';

/** A day of a business's calendar, `back` days before its today. */
function dayIn(timeZone: string, back: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10);
}
const demoDay = (back: number) => dayIn('America/Chicago', back);
const salonDay = (back: number) => dayIn(historySalon.timeZone, back);

test("the owner reads the last 7 days' insights and downloads their visits", async ({ browser }) => {
  const page = await openConsole(browser, 'insights');
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page.getByRole('list', { name: 'Walk-ins per day' }).getByRole('listitem')).toHaveCount(1);

  await page.getByRole('button', { name: '7 days' }).click();
  await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
  const days = page.getByRole('list', { name: 'Walk-ins per day' }).getByRole('listitem');
  await expect(days).toHaveCount(7);
  const visits = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Visits' }) });
  await expect(visits.locator('.stat__value')).toHaveText(/^\d+$/);

  const download = page.getByRole('link', { name: 'Download CSV' });
  // The console's language goes with the link: a download sends the browser's, not the console's.
  const href = `/api/v1/staff/insights/visits.csv?from=${demoDay(6)}&to=${demoDay(0)}`;
  await expect(download).toHaveAttribute('href', `${href}&language=en`);
  await page.getByLabel('Include names and phone numbers').check();
  await expect(download).toHaveAttribute('href', `${href}&phones=1&language=en`);
  const csv = await page.request.get(`${href}&phones=1&language=en`);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect((await csv.text()).split('\r\n')[0]).toBe(
    '\uFEFFArrived,Called,Started,Finished,Service,Provider,Status,Waited (min),Name,Phone,Party',
  );
  await page.context().close();
});

/** Tokyo Cuts' owner on Insights: a salon with months of past visits (support/history.ts). */
const openHistorySalon = (browser: Browser) =>
  openConsole(browser, 'insights', historySalon.owner, { business: historySalon.name });

/** "Sat, Mar 7" as the page labels a day of the salon's calendar; with the year in the heading. */
const dayLabel = (day: string, withYear = false) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });

/** A headline figure's card, by its heading. */
const figure = (page: Page, heading: string) =>
  page.locator('.stat').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });

const days = (page: Page) => page.getByRole('list', { name: 'Walk-ins per day' }).getByRole('listitem');

/** The number beside one day's bar. */
const dayBar = (page: Page, day: string) =>
  days(page)
    .filter({ has: page.getByText(dayLabel(day), { exact: true }) })
    .locator('.bars__value');

async function expectFigures(page: Page, expected: { visits: number; noShows: string; averageWait: string }) {
  await expect(figure(page, 'Visits').locator('.stat__value')).toHaveText(String(expected.visits));
  await expect(figure(page, 'No-show rate').locator('.field__note')).toHaveText(expected.noShows);
  await expect(figure(page, 'Average wait').locator('.stat__value')).toHaveText(expected.averageWait);
}

test('the owner widens the range from today to 30 and 90 days and sees the older visits counted', async ({
  browser,
}) => {
  const page = await openHistorySalon(browser);
  // The default, 7 days: the visit of 3 days ago.
  await expect(days(page)).toHaveCount(7);
  await expectFigures(page, { visits: 1, noShows: '0 of 1 called visits', averageWait: '10 min' });

  await page.getByRole('button', { name: 'Today' }).click();
  await expect(
    page.getByRole('heading', { name: `${dayLabel(salonDay(0), true)} · Asia/Tokyo` }),
  ).toBeVisible();
  await expect(days(page)).toHaveCount(1);
  await expectFigures(page, { visits: 0, noShows: '0 of 0 called visits', averageWait: '–' });

  await page.getByRole('button', { name: '30 days' }).click();
  await expect(page.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(
    page.getByRole('heading', {
      name: `${dayLabel(salonDay(29), true)} – ${dayLabel(salonDay(0), true)} · Asia/Tokyo`,
    }),
  ).toBeVisible();
  await expect(days(page)).toHaveCount(30);
  await expectFigures(page, { visits: 3, noShows: '1 of 3 called visits', averageWait: '15 min' });
  await expect(dayBar(page, historyDay(20))).toHaveText('2');
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    `/api/v1/staff/insights/visits.csv?from=${salonDay(29)}&to=${salonDay(0)}&language=en`,
  );

  await page.getByRole('button', { name: '90 days' }).click();
  await expect(page.getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(days(page)).toHaveCount(90);
  // (10 + 20 + 15 + 10 + 10 + 30 + 5 + 30) / 8 = 16.25 minutes.
  await expectFigures(page, { visits: 8, noShows: '3 of 8 called visits', averageWait: '16 min' });
  await expect(figure(page, 'No-show rate').locator('.stat__value')).toHaveText('38 %');
  await expect(dayBar(page, historyDay(60))).toHaveText('3');
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    `/api/v1/staff/insights/visits.csv?from=${salonDay(89)}&to=${salonDay(0)}&language=en`,
  );
  await page.context().close();
});

test("a custom range counts the salon's own days, and its CSV holds that range's visits", async ({
  browser,
}) => {
  const page = await openHistorySalon(browser);
  await expect(figure(page, 'Visits').locator('.stat__value')).toHaveText('1');
  const [from, to] = [historyDay(45), historyDay(20)];
  await page.getByRole('button', { name: 'Custom' }).click();
  await page.getByLabel('First day').fill(from);
  await page.getByLabel('Last day').fill(to);
  await page.getByRole('button', { name: 'Show' }).click();

  await expect(
    page.getByRole('heading', { name: `${dayLabel(from, true)} – ${dayLabel(to, true)} · Asia/Tokyo` }),
  ).toBeVisible();
  await expect(days(page)).toHaveCount(26);
  // 00:10 in Tokyo on the first day is the day before in UTC: counted, on its own day. 23:50 the
  // evening before is not.
  await expectFigures(page, { visits: 3, noShows: '2 of 3 called visits', averageWait: '15 min' });
  await expect(dayBar(page, from)).toHaveText('1');
  await expect(dayBar(page, to)).toHaveText('2');

  const link = page.getByRole('link', { name: 'Download CSV' });
  await expect(link).toHaveAttribute(
    'href',
    `/api/v1/staff/insights/visits.csv?from=${from}&to=${to}&language=en`,
  );
  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`checkn-visits-${from}-${to}.csv`);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.split('\r\n')).toEqual([
    '\uFEFFArrived,Called,Started,Finished,Service,Provider,Status,Waited (min)',
    `${from} 00:10,${from} 00:20,,${from} 00:30,Cut,,No-show,10`,
    `${to} 10:00,${to} 10:20,${to} 10:20,${to} 10:50,Cut,,Done,20`,
    `${to} 18:30,${to} 18:45,,${to} 18:55,Color,,No-show,15`,
    '',
  ]);
  await page.context().close();
});

test('a custom range whose last day is before its first says so, and keeps the figures shown', async ({
  browser,
}) => {
  const page = await openHistorySalon(browser);
  await expect(figure(page, 'Visits').locator('.stat__value')).toHaveText('1');
  await page.getByRole('button', { name: 'Custom' }).click();
  await page.getByLabel('First day').fill(historyDay(20));
  await page.getByLabel('Last day').fill(historyDay(45));
  await page.getByRole('button', { name: 'Show' }).click();

  await expect(page.getByText('The last day must be on or after the first day')).toBeVisible();
  await expect(page.getByLabel('Last day')).toHaveAttribute('aria-invalid', 'true');
  await expect(days(page)).toHaveCount(7);
  await expect(figure(page, 'Visits').locator('.stat__value')).toHaveText('1');

  await page.getByLabel('First day').fill(historyDay(400));
  await page.getByLabel('Last day').fill(historyDay(20));
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText('Choose at most 366 days')).toBeVisible();
  await expect(days(page)).toHaveCount(7);

  await page.getByLabel('First day').fill(historyDay(60));
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText('Choose at most 366 days')).toHaveCount(0);
  await expect(page.getByLabel('Last day')).toHaveAttribute('aria-invalid', 'false');
  await expect(days(page)).toHaveCount(41);
  await page.context().close();
});

test('a page left open past midnight moves Today to the new day, and a custom range may end on it', async ({
  browser,
}) => {
  const page = await openConsole(browser, 'insights');
  const me = await (await page.request.get('/api/v1/staff/me')).json();
  const seeded = await (await page.request.get('/api/v1/staff/settings')).json();
  /**
   * The server's clock cannot be moved, so its midnight is the demo's time zone moving 25 hours
   * on: from Pago Pago (UTC−11) to Kiritimati (UTC+14), its today is a later day, whatever the
   * hour. The browser's clock moves on a day with it. The demo gets its zone back after.
   */
  const setZone = async (timeZone: string) => {
    const { name, street, city, state, zip } = seeded;
    const response = await page.request.put('/api/v1/staff/settings/company', {
      headers: { 'x-csrf-token': me.csrfToken },
      data: { name, street, city, state, zip, timeZone },
    });
    expect(response.ok(), `${timeZone}: ${response.status()} ${await response.text()}`).toBe(true);
  };
  try {
    await setZone('Pacific/Pago_Pago');
    // The tablet's own clock is two days behind: the day turns by the server's clock, not by it.
    await page.clock.install({ time: Date.now() - 2 * 86_400_000 });
    await page.reload();
    await page.getByRole('button', { name: 'Today' }).click();
    const yesterday = dayIn('Pacific/Pago_Pago', 0);
    await expect(
      page.getByRole('heading', { name: `${dayLabel(yesterday, true)} · Pacific/Pago_Pago` }),
    ).toBeVisible();

    await setZone('Pacific/Kiritimati');
    const today = dayIn('Pacific/Kiritimati', 0);
    expect(today > yesterday).toBe(true);
    await page.clock.fastForward('24:00:00');
    await expect(
      page.getByRole('heading', { name: `${dayLabel(today, true)} · Pacific/Kiritimati` }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
    await expect(days(page)).toHaveCount(1);

    await page.getByRole('button', { name: 'Custom' }).click();
    await page.getByLabel('First day').fill(yesterday);
    await page.getByLabel('Last day').fill(today);
    await expect(page.getByLabel('Last day')).toHaveAttribute('max', today);
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(
      page.getByRole('heading', {
        name: `${dayLabel(yesterday, true)} – ${dayLabel(today, true)} · Pacific/Kiritimati`,
      }),
    ).toBeVisible();
  } finally {
    await setZone(seeded.timeZone);
    await page.context().close();
  }
});
