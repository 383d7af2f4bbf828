import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The demo business seeded into the embedded database (src/server/seed/demo.ts). */
export const demo = {
  id: 'demo',
  name: 'Bella Demo Salon',
  address: '1200 Main Street, Springfield, IL 62701',
  services: ["Women's Haircut/Style", "Men's Haircut/Style", 'Facials', 'Massage', 'Mani/Pedi', 'Waxing'],
} as const;

export const WOMENS_HAIRCUT = "Women's Haircut/Style";
/** The service name as one encoded path segment: the slash must not split the route. */
export const WOMENS_HAIRCUT_USER_INFO = "/demo/Women's%20Haircut%2FStyle/user-info";

/** A customer who types a valid US number. */
export const customer = {
  name: 'Ana Ruiz',
  phoneDigits: '4155550123',
  phoneMasked: '+1 (415) 555-0123',
} as const;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A service's button; `list` is the services' list's name in the page's language. */
export function serviceButton(page: Page, service: string, list = 'Services') {
  return page.getByRole('list', { name: list }).getByRole('button', { name: service, exact: true });
}

/** Opens the landing page and waits until the services show (the logo spinner is gone). */
export async function openLanding(page: Page, search = ''): Promise<void> {
  await page.goto(`/demo${search}`);
  await expect(page.getByRole('heading', { name: 'Walk ins' })).toBeVisible();
  await expect(page.locator('.full-page-spinner')).toHaveCount(0);
}

/** Landing → pick the women's haircut → Next → the user-info form. */
export async function openUserInfo(page: Page): Promise<void> {
  await openLanding(page);
  await serviceButton(page, WOMENS_HAIRCUT).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your name and phone number' })).toBeVisible();
}

export const nameInput = (page: Page) => page.getByLabel('Name', { exact: true });
export const phoneInput = (page: Page) => page.getByLabel('Phone number', { exact: true });
export const confirmDialog = (page: Page) => page.getByRole('dialog');

/** Fills the form as a person types it and opens the confirmation. */
export async function fillAndConfirm(
  page: Page,
  name: string = customer.name,
  digits: string = customer.phoneDigits,
) {
  await nameInput(page).fill(name);
  await phoneInput(page).pressSequentially(digits);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(confirmDialog(page)).toBeVisible();
}

export function storage(page: Page, area: 'local' | 'session', key: string): Promise<string | null> {
  return page.evaluate(
    ([which, name]) => (which === 'local' ? localStorage : sessionStorage).getItem(name as string),
    [area, key] as const,
  );
}

/** Whether the page can scroll sideways (content wider than the screen). */
export function overflowsHorizontally(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}
