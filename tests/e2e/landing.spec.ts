import { expect, test } from './support/fixtures.ts';
import {
  demo,
  openLanding,
  serviceButton,
  storage,
  WOMENS_HAIRCUT,
  WOMENS_HAIRCUT_USER_INFO,
} from './support/walk-in.ts';

const RED = 'rgb(185, 28, 28)';

// While an <img> swaps its source (the fallback after an error), currentSrc is briefly "",
// which is not a URL: answer "" then so the poll retries instead of throwing.
const currentPath = (img: HTMLImageElement) => (img.currentSrc ? new URL(img.currentSrc).pathname : '');

test('the landing page shows the logo, the address, the heading and the services in order', async ({
  page,
}) => {
  await openLanding(page);

  const logo = page.getByRole('img', { name: 'Bella Demo Salon logo' });
  await expect(logo).toBeVisible();
  await expect(logo).toHaveAttribute('width', '74');
  await expect(logo).toHaveJSProperty('width', 74);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The business's own logo, not the fallback.
  await expect.poll(() => logo.evaluate(currentPath)).toBe('/logo/demo.jpg');

  await expect(page.getByText(demo.name, { exact: true })).toBeVisible();
  await expect(page.getByText(demo.address, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Walk ins' })).toBeVisible();
  await expect(page.getByText('Select your service', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Services' }).getByRole('button')).toHaveText([
    ...demo.services,
  ]);
  await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
});

test('the default logo shows when the business logo cannot be loaded', async ({ page }) => {
  await page.route('**/logo/demo.jpg', (route) => route.fulfill({ status: 404, body: '' }));
  await openLanding(page);
  const logo = page.getByRole('img', { name: 'Bella Demo Salon logo' });
  await expect.poll(() => logo.evaluate(currentPath)).toBe('/default-logo.jpg');
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(logo).toHaveJSProperty('width', 74);
});

test('Next without a service shows "Please select service" and a red outline until one is picked', async ({
  page,
}) => {
  await openLanding(page);
  const services = page.getByRole('list', { name: 'Services' });
  const error = page.getByText('Please select service', { exact: true });
  await expect(error).toHaveCount(0);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(error).toBeVisible();
  await expect(services).toHaveClass(/\bservice-list--invalid\b/);
  await expect(services).toHaveCSS('outline-color', RED);
  await expect(page).toHaveURL('/demo');

  await serviceButton(page, 'Facials').click();
  await expect(error).toHaveCount(0);
  await expect(services).not.toHaveClass(/\bservice-list--invalid\b/);
  await expect(services).not.toHaveCSS('outline-color', RED);
});

test('one tap selects a service, one tap changes it, and a reload keeps it', async ({ page }) => {
  await openLanding(page);
  const expectOnlySelected = async (selected: string) => {
    for (const service of demo.services) {
      await expect(serviceButton(page, service)).toHaveAttribute(
        'aria-pressed',
        String(service === selected),
      );
    }
    expect(await storage(page, 'session', 'checkn.selectedService')).toBe(selected);
  };

  await serviceButton(page, WOMENS_HAIRCUT).click();
  await expectOnlySelected(WOMENS_HAIRCUT);

  await serviceButton(page, 'Mani/Pedi').click();
  await expectOnlySelected('Mani/Pedi');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Walk ins' })).toBeVisible();
  await expectOnlySelected('Mani/Pedi');
});

test('rwg_token is kept for conversion tracking with the business and the time', async ({ page }) => {
  const before = Date.now();
  await openLanding(page, '?rwg_token=abc');
  await expect.poll(() => storage(page, 'local', 'checkn.conversion')).not.toBeNull();

  const stored = JSON.parse((await storage(page, 'local', 'checkn.conversion')) ?? 'null');
  expect(stored).toEqual({ token: 'abc', merchantId: 'demo', storedAt: expect.any(Number) });
  expect(stored.storedAt).toBeGreaterThanOrEqual(before);
  expect(stored.storedAt).toBeLessThanOrEqual(Date.now());
});

test('Next goes to the user-info step of the picked service, which survives a reload', async ({ page }) => {
  await openLanding(page);
  await serviceButton(page, WOMENS_HAIRCUT).click();
  await page.getByRole('button', { name: 'Next' }).click();

  const heading = page.getByRole('heading', { name: 'Enter your name and phone number' });
  await expect(heading).toBeVisible();
  const { pathname } = new URL(page.url());
  // One encoded segment: the slash in the name must not split the route.
  expect(pathname).toBe(WOMENS_HAIRCUT_USER_INFO);
  expect(pathname.split('/').map(decodeURIComponent)).toEqual(['', 'demo', WOMENS_HAIRCUT, 'user-info']);
  await expect(page.getByText(WOMENS_HAIRCUT, { exact: true })).toBeVisible();

  await page.reload();
  await expect(heading).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(WOMENS_HAIRCUT_USER_INFO);
  await expect(page.getByText(WOMENS_HAIRCUT, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Phone number', { exact: true })).toBeVisible();
});
