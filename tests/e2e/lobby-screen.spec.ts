import type { Page } from '@playwright/test';
import { emptyDemoLine, openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';
import { confirmDialog, fillAndConfirm, openLanding, serviceButton } from './support/walk-in.ts';

const boardRow = (staff: Page, name: string) => staff.locator('.board-row').filter({ hasText: name });
const section = (screen: Page, heading: string) =>
  screen.locator('section').filter({ has: screen.getByRole('heading', { name: heading }) });

/** Whether the page scrolls either way: a TV has no one to scroll it. */
const scrolls = (page: Page) =>
  page.evaluate(
    () =>
      document.documentElement.scrollHeight > window.innerHeight ||
      document.documentElement.scrollWidth > window.innerWidth,
  );

/** Issue 24 item 6: the lobby screen (docs/lobby-screen.md). */
test('the owner opens the lobby screen; a customer who joins shows up live, moves to Now serving when called, and a reset stops the screen', async ({
  page,
  browser,
}) => {
  // The screen shows the first few waiting: the specs before this one leave people waiting.
  await emptyDemoLine(browser);
  const owner = await openConsole(browser);
  const [screen] = await Promise.all([
    owner.context().waitForEvent('page'),
    owner.getByRole('link', { name: 'Lobby screen' }).click(),
  ]);
  await screen.setViewportSize({ width: 1920, height: 1080 });
  await expect(screen.getByRole('heading', { name: 'Now serving' })).toBeVisible();
  await expect(screen.getByRole('heading', { name: 'Bella Demo Salon' })).toBeVisible();
  await expect(screen.getByRole('heading', { name: 'Join from your phone' })).toBeVisible();
  await expect(screen.locator('.lobby-screen__qr svg')).toBeVisible();
  await expect(screen.locator('.lobby-screen__clock')).toHaveText(/^\d{1,2}:\d{2} (AM|PM)$/);
  // The key is in the fragment: the address the server saw has none.
  expect(new URL(screen.url()).hash).toMatch(/^#key=[A-Za-z0-9_-]{43}$/);

  // A customer joins on their phone: the screen shows them live, as first name and last initial.
  await openLanding(page);
  await serviceButton(page, 'Facials').click();
  await page.getByRole('button', { name: 'Next' }).click();
  await fillAndConfirm(page, 'Maria Garcia');
  await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(/You're (next|number \d+) in line/)).toBeVisible();
  await expect(section(screen, 'Up next').getByText('Maria G.', { exact: true })).toBeVisible();
  await expect(screen.locator('body')).not.toContainText('Garcia');
  await expect(screen.locator('body')).not.toContainText('555');

  // The front desk calls her: she moves to Now serving.
  await boardRow(owner, 'Maria Garcia').getByRole('button', { name: 'Call' }).click();
  await expect(section(screen, 'Now serving').getByText('Maria G.', { exact: true })).toBeVisible();
  await expect(section(screen, 'Now serving')).toContainText('Please come to the front desk');
  await expect(section(screen, 'Up next').getByText('Maria G.', { exact: true })).toHaveCount(0);

  // Fits a 1080p and a 720p TV without scrolling.
  expect(await scrolls(screen)).toBe(false);
  await screen.setViewportSize({ width: 1280, height: 720 });
  expect(await scrolls(screen)).toBe(false);

  // The owner resets the link in Settings: the open screen says so, and shows no names.
  await owner.getByRole('link', { name: 'Settings' }).click();
  const card = owner.locator('section').filter({ has: owner.getByRole('heading', { name: 'Lobby screen' }) });
  await card.getByRole('button', { name: 'Reset the link' }).click();
  await card.getByRole('button', { name: 'Reset the link' }).click();
  await expect(card.getByText('The link was reset.', { exact: false })).toBeVisible();
  await expect(screen.getByRole('heading', { name: "This screen's link was reset" })).toBeVisible();
  await expect(screen.getByText('Maria G.')).toHaveCount(0);

  // The old link opened again shows a clear page and no names.
  await screen.reload();
  await expect(screen.getByRole('heading', { name: 'This link does not open a lobby screen' })).toBeVisible();
  await expect(screen.getByText('Maria G.')).toHaveCount(0);
  await owner.context().close();
});
