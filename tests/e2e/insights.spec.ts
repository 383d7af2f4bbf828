import { openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';

/** A day of the demo's calendar (America/Chicago), `back` days before today. */
function demoDay(back: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10);
}

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
  const href = `/api/v1/staff/insights/visits.csv?from=${demoDay(6)}&to=${demoDay(0)}`;
  await expect(download).toHaveAttribute('href', href);
  await page.getByLabel('Include names and phone numbers').check();
  await expect(download).toHaveAttribute('href', `${href}&phones=1`);
  const csv = await page.request.get(`${href}&phones=1`);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect((await csv.text()).split('\r\n')[0]).toBe(
    '\uFEFFArrived,Called,Started,Finished,Service,Provider,Status,Waited (min),Name,Phone',
  );
  await page.context().close();
});
