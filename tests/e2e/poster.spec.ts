import { qrSvg } from '../../src/client/features/poster/poster-qr.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { DEMO_ACCOUNTS, openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';

test('the owner opens the poster from Settings: QR of the walk-in page, its link, and Print hidden in print', async ({
  browser,
  baseURL,
}) => {
  const page = await openConsole(browser, 'settings');
  await page.getByRole('link', { name: 'Print a poster' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/console/poster');

  const walkInUrl = `${baseURL}/demo`;
  const poster = page.locator('main.poster');
  await expect(poster.getByRole('heading', { level: 1 })).toHaveText('Bella Demo Salon');
  await expect(poster.getByText('Scan to join the wait list', { exact: true })).toBeVisible();
  await expect(poster.getByRole('img', { name: 'Bella Demo Salon logo' })).toBeVisible();
  // No console chrome: the poster is a page of its own.
  await expect(page.getByRole('navigation', { name: 'Console' })).toHaveCount(0);

  const link = poster.getByRole('link', { name: walkInUrl, exact: true });
  await expect(link).toHaveAttribute('href', walkInUrl);
  const qr = poster.getByRole('link', { name: `QR code for ${walkInUrl}` });
  await expect(qr).toHaveAttribute('href', walkInUrl);
  const svg = qr.locator('svg');
  await expect(svg).toBeVisible();
  // The very code the library draws for this link, modules and all: it encodes the walk-in page.
  const expected = await qrSvg(walkInUrl);
  const drawnPath = await svg.locator('path').last().getAttribute('d');
  expect(drawnPath?.length).toBeGreaterThan(100);
  expect(expected).toContain(`d="${drawnPath}"`);
  expect(await qrSvg(`${baseURL}/other`)).not.toContain(`d="${drawnPath}"`);

  await expectNoAxeViolations(page);
  const print = page.getByRole('button', { name: 'Print' });
  await expect(print).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(print).toBeHidden();
  await expect(page.getByRole('link', { name: 'Back to Settings' })).toBeHidden();
  await expect(svg).toBeVisible();
  await expect(link).toBeVisible();
  // Fits the smaller of Letter and A4 less its margins: 186 × 255 mm (96 px per inch).
  const box = await poster.boundingBox();
  const mm = 96 / 25.4;
  expect(box?.width).toBeLessThanOrEqual(186 * mm + 1);
  expect(box?.height).toBeLessThanOrEqual(255 * mm + 1);
  await page.emulateMedia({ media: 'screen' });
  await expect(print).toBeVisible();
  await page.context().close();
});

test('the front desk may open the poster; a provider gets the board instead', async ({
  browser,
  baseURL,
}) => {
  const desk = await openConsole(browser, 'poster', DEMO_ACCOUNTS.frontDesk);
  await expect(desk.getByRole('link', { name: `${baseURL}/demo`, exact: true })).toBeVisible();
  await expect(desk.getByRole('link', { name: 'Back to the board' })).toHaveAttribute('href', '/console');
  await desk.context().close();

  const provider = await openConsole(browser, 'poster', DEMO_ACCOUNTS.provider);
  await expect(provider.getByRole('navigation', { name: 'Console' })).toBeVisible();
  await expect(provider.getByText('Scan to join the wait list')).toHaveCount(0);
  await provider.context().close();
});
