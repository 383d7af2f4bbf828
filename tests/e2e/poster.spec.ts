import type { Page } from '@playwright/test';
import { qrSvg } from '../../src/client/features/poster/poster-qr.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { DEMO_ACCOUNTS, openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';

/** A PDF's pages: its page objects ('/Type /Page'; the page tree is '/Type /Pages'), with their size in points. */
function pdfPages(pdf: Buffer): { width: number; height: number }[] {
  const text = pdf.toString('latin1');
  const pages = text.match(/\/Type\s*\/Page(?![A-Za-z])/g) ?? [];
  const boxes = [...text.matchAll(/\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/g)];
  return pages.map((_, index) => {
    const [, x0 = '0', y0 = '0', x1 = '0', y1 = '0'] = boxes[index] ?? [];
    return { width: Number(x1) - Number(x0), height: Number(y1) - Number(y0) };
  });
}

/** Letter and A4 in points (1/72 in). */
const PAPER = { Letter: { width: 612, height: 792 }, A4: { width: 595.92, height: 842.88 } } as const;

/** The owner's console answers with another PUBLIC_URL, as a server started with it would. */
async function servePublicUrl(page: Page, publicUrl: string) {
  await page.route('**/api/v1/staff/me', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), publicUrl } });
  });
}

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

test('the front desk opens the poster from the board; a provider who opens its address gets "Page not found"', async ({
  browser,
  baseURL,
}) => {
  const desk = await openConsole(browser, '', DEMO_ACCOUNTS.frontDesk);
  await desk.getByRole('link', { name: 'Print a poster' }).click();
  await expect(desk).toHaveURL((url) => url.pathname === '/console/poster');
  await expect(desk.getByRole('link', { name: `${baseURL}/demo`, exact: true })).toBeVisible();
  await expect(desk.getByRole('link', { name: 'Back to the board' })).toHaveAttribute('href', '/console');
  await desk.context().close();

  const provider = await openConsole(browser, 'poster', DEMO_ACCOUNTS.provider);
  await expect(provider.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(provider.getByText('Scan to join the wait list')).toHaveCount(0);
  await provider.getByRole('link', { name: 'Go to the board' }).click();
  await expect(provider.getByRole('heading', { level: 1, name: 'Board' })).toBeAttached();
  await expect(provider.getByRole('link', { name: 'Print a poster' })).toHaveCount(0);
  await provider.context().close();
});

for (const name of ['Bella Demo Salon', 'B'.repeat(80)]) {
  test(`the poster prints on one portrait page of Letter or A4, even when landscape is asked for (${name.length}-letter name)`, async ({
    browser,
    renameBusiness,
  }) => {
    const page = await openConsole(browser, 'poster');
    if (name !== 'Bella Demo Salon') {
      await renameBusiness(name);
      await page.reload();
    }
    await expect(page.locator('main.poster').getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.locator('main.poster svg')).toBeVisible();
    for (const format of ['Letter', 'A4'] as const) {
      for (const landscape of [false, true]) {
        const pages = pdfPages(await page.pdf({ format, landscape }));
        expect(pages, `${format}${landscape ? ', landscape' : ''}`).toHaveLength(1);
        // The paper asked for, upright.
        expect(pages[0]?.width).toBeCloseTo(PAPER[format].width, 0);
        expect(pages[0]?.height).toBeCloseTo(PAPER[format].height, 0);
      }
    }
    await page.context().close();
  });
}

test('a poster whose link is a local address says on screen, not on paper, that phones cannot open it', async ({
  browser,
  baseURL,
}) => {
  // The browser tests' server runs at PUBLIC_URL=http://127.0.0.1:{port}.
  const page = await openConsole(browser, 'poster');
  const host = new URL(baseURL!).host;
  const warning = page.getByText(`This QR code and link point to ${host}, an address of this computer`);
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(
    "that customers' phones cannot open. Set PUBLIC_URL to the address customers use",
  );
  await expectNoAxeViolations(page);
  await page.emulateMedia({ media: 'print' });
  await expect(warning).toBeHidden();
  await expect(page.locator('main.poster svg')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // PUBLIC_URL not set: the server's fallback, http://localhost:{PORT}.
  await servePublicUrl(page, 'http://localhost:3000');
  await page.reload();
  await expect(page.getByRole('link', { name: 'http://localhost:3000/demo', exact: true })).toBeVisible();
  await expect(
    page.getByText('This QR code and link point to localhost:3000, an address of this computer'),
  ).toBeVisible();

  // An address a phone can open: no warning.
  await page.unrouteAll();
  await servePublicUrl(page, 'https://wait.example.com');
  await page.reload();
  await expect(page.getByRole('link', { name: 'https://wait.example.com/demo', exact: true })).toBeVisible();
  await expect(page.getByText('This QR code and link point to')).toHaveCount(0);
  await page.context().close();
});

test('Settings warn too when the walk-in link is a local address, and not when phones can open it', async ({
  browser,
  baseURL,
}) => {
  const page = await openConsole(browser, 'settings');
  const host = new URL(baseURL!).host;
  await expect(
    page.getByText(`${host} is an address of this computer: customers' phones cannot open this link`),
  ).toBeVisible();
  await servePublicUrl(page, 'https://wait.example.com');
  await page.reload();
  await expect(page.getByRole('link', { name: 'https://wait.example.com/demo', exact: true })).toBeVisible();
  await expect(page.getByText('is an address of this computer')).toHaveCount(0);
  await page.context().close();
});
