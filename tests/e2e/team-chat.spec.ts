import type { Browser, Page } from '@playwright/test';
import { DEMO_ACCOUNTS, openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';
import { confirmDialog, fillAndConfirm, openLanding, serviceButton } from './support/walk-in.ts';

const row = (console: Page, name: string) => console.locator('.board-row').filter({ hasText: name });

/** A walk-in joins for Facials on `page`; the owner's console, which gives them to Maria, is returned. */
async function joinAssignedToMaria(page: Page, browser: Browser, name: string): Promise<Page> {
  await openLanding(page);
  await serviceButton(page, 'Facials').click();
  await page.getByRole('button', { name: 'Next' }).click();
  await fillAndConfirm(page, name);
  await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Your request was sent to Bella Demo Salon for Facials.')).toBeVisible();
  const owner = await openConsole(browser);
  await row(owner, name).getByLabel('Provider').selectOption({ label: 'Maria Lopez' });
  return owner;
}

test("a provider's customer writes: the board counts it unread, the provider answers under their name, the desk takes over", async ({
  page,
  browser,
}) => {
  const name = `Chat ${Date.now() % 100000}`;
  const owner = await joinAssignedToMaria(page, browser, name);
  const maria = await openConsole(browser, '', DEMO_ACCOUNTS.provider);
  const desk = await openConsole(browser, '', DEMO_ACCOUNTS.frontDesk);

  // Other tests' customers may have left unread messages on the demo's board: count from here.
  const boardBadge = owner
    .getByRole('link', { name: /Board/ })
    .locator('.badge--unread [aria-hidden="true"]');
  const unreadBefore = Number((await boardBadge.allTextContents())[0] ?? 0);

  // The customer writes while nobody has the chat open.
  await page.getByRole('link', { name: /Message/ }).click();
  await expect(page.getByRole('heading', { name: 'Maria Lopez' })).toBeVisible();
  await page.getByPlaceholder('Write a message').fill('Is Maria free?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(row(owner, name)).toContainText('1 unread');
  await expect(boardBadge).toHaveText(String(unreadBefore + 1));

  // Maria opens it: read everywhere; she answers, signed with her name.
  await row(maria, name)
    .getByRole('button', { name: `Chat ${name}` })
    .click();
  await expect(maria.getByText('You are answering.')).toBeVisible();
  await expect(row(owner, name)).not.toContainText('unread');
  await maria.getByPlaceholder('Write a message').fill('Yes, 5 minutes!');
  await maria.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.locator('.chat-message').filter({ hasText: 'Yes, 5 minutes!' })).toContainText(
    'Maria Lopez',
  );

  // The desk sees who answers and takes over; the customer sees the new name.
  await row(desk, name)
    .getByRole('button', { name: `Chat ${name}` })
    .click();
  await expect(desk.getByText('Maria Lopez is answering.')).toBeVisible();
  // The team sees who wrote each message too.
  await expect(desk.locator('.chat-message').filter({ hasText: 'Yes, 5 minutes!' })).toContainText(
    'Maria Lopez',
  );
  await expect(desk.getByPlaceholder('Write a message')).toHaveCount(0);
  await desk.getByRole('button', { name: 'Take over' }).click();
  await expect(page.getByRole('heading', { name: 'Sam Rivera' })).toBeVisible();
  await desk.getByPlaceholder('Write a message').fill('Sam at the desk: come on in.');
  await desk.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.locator('.chat-message').filter({ hasText: 'come on in' })).toContainText('Sam Rivera');
  await expect(maria.getByText('Sam Rivera is answering.')).toBeVisible();
});

/** A second account of a provider (a tablet beside their phone), added by the owner and signed in. */
async function secondAccountOf(browser: Browser, owner: Page, provider: string): Promise<Page> {
  const suffix = Date.now() % 100000;
  await owner.getByRole('link', { name: 'People' }).click();
  await owner.getByLabel('Name', { exact: true }).fill(`${provider} tablet ${suffix}`);
  await owner.getByLabel('Email', { exact: true }).fill(`tablet-${suffix}@demo.test`);
  await owner.getByLabel('Role').selectOption({ label: 'Provider' });
  await owner.getByLabel('Which provider').selectOption({ label: provider });
  await owner.getByRole('button', { name: 'Add person' }).click();
  const dialog = owner.getByRole('dialog', { name: `Link for ${provider} tablet ${suffix}` });
  const link = new URL(await dialog.getByRole('textbox').inputValue());
  await dialog.getByRole('button', { name: 'Done' }).click();
  await owner.getByRole('link', { name: /Board/ }).click();

  const tablet = await (await browser.newContext({ viewport: { width: 1180, height: 820 } })).newPage();
  await tablet.goto(link.pathname + link.hash);
  await tablet.getByLabel('New password').fill('a long enough password');
  await tablet.getByRole('button', { name: 'Save and sign in' }).click();
  await expect(tablet.getByText(`${provider} tablet ${suffix} · Provider`)).toBeVisible();
  return tablet;
}

test("every account of the provider answers their customer; once the customer is another provider's, the chat leaves the provider's screen", async ({
  page,
  browser,
}) => {
  // Three browsers (the customer, the provider's two accounts) through a chat and a reassignment:
  // on a loaded CI run (the browser tests took 34.5 minutes instead of 14) it passed the 60 s
  // test budget.
  test.slow();
  const name = `Moved ${Date.now() % 100000}`;
  const owner = await joinAssignedToMaria(page, browser, name);
  const tablet = await secondAccountOf(browser, owner, 'Maria Lopez');
  const maria = await openConsole(browser, '', DEMO_ACCOUNTS.provider);

  // The tablet answers as the phone does: no "Take over" between Maria and herself.
  await row(tablet, name)
    .getByRole('button', { name: `Chat ${name}` })
    .click();
  await expect(tablet.getByText('You are answering.')).toBeVisible();
  await expect(tablet.getByRole('button', { name: 'Take over' })).toHaveCount(0);
  await tablet.getByPlaceholder('Write a message').fill('From the tablet');
  await tablet.getByRole('button', { name: 'Send', exact: true }).click();
  await row(maria, name)
    .getByRole('button', { name: `Chat ${name}` })
    .click();
  await expect(maria.locator('.chat-message').filter({ hasText: 'From the tablet' })).toBeVisible();
  await expect(maria.getByText('You are answering.')).toBeVisible();

  // The desk gives the customer to James: Maria's open chat says so and keeps nothing of it.
  await row(owner, name).getByLabel('Provider').selectOption({ label: 'James Chen' });
  await expect(
    maria.getByText("This customer is now another provider's: their conversation is no longer shown here."),
  ).toBeVisible();
  await expect(maria.locator('.chat-message')).toHaveCount(0);
  await expect(maria.getByPlaceholder('Write a message')).toHaveCount(0);
});
