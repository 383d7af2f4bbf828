import type { APIRequestContext, Page } from '@playwright/test';
import { emptyDemoLine, openConsole } from './support/console.ts';
import { expect, test, WAIT_LIST_API } from './support/fixtures.ts';
import { confirmDialog, fillAndConfirm, openLanding, serviceButton } from './support/walk-in.ts';

const row = (console: Page, name: string) => console.locator('.board-row').filter({ hasText: name });

/** Someone else joins from their own phone (the API their page uses). */
async function joinFromAnotherPhone(request: APIRequestContext, name: string) {
  const { token } = (await (await request.post('/api/v1/customers/anonymous')).json()) as { token: string };
  const joined = await request.post(WAIT_LIST_API, {
    headers: {
      authorization: `Bearer ${token}`,
      'idempotency-key': `near-turn-${name.replaceAll(' ', '-')}`,
    },
    data: { serviceType: 'Facials', name, phoneNumber: '+12125550188', allowSms: true },
  });
  expect(joined.status()).toBe(201);
}

/** Issue 24 item 1: "Text me when I'm N away" (docs/near-turn.md). */
test('a customer picks "When 2 ahead"; when the line moves there they get one text, and their page says so', async ({
  page,
  browser,
  request,
}) => {
  const suffix = Date.now() % 100000;
  const name = `Near ${suffix}`;
  const digits = `212555${String(suffix % 10000).padStart(4, '0')}`;
  const ahead = [`First ${suffix}`, `Second ${suffix}`, `Third ${suffix}`];
  // Places are counted from the front: the specs before this one leave people waiting.
  await emptyDemoLine(browser);
  for (const other of ahead) await joinFromAnotherPhone(request, other);

  await openLanding(page);
  await serviceButton(page, 'Facials').click();
  await page.getByRole('button', { name: 'Next' }).click();
  await fillAndConfirm(page, name, digits);
  await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText("You're number 4 in line")).toBeVisible();

  const when = page.getByRole('group', { name: 'Text me when my turn is near' });
  // The choice can be changed until the text goes.
  await when.getByRole('button', { name: "When I'm next" }).click();
  await expect(page.getByText("We'll text you when you're next.")).toBeVisible();
  await expect(when.getByRole('button', { name: "When I'm next" })).toHaveAttribute('aria-pressed', 'true');
  await when.getByRole('button', { name: 'When 2 ahead' }).click();
  await expect(when.getByRole('button', { name: 'When 2 ahead' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText("We'll text you when 2 people are ahead of you.")).toBeVisible();

  // The front desk serves the first in line: two are ahead now.
  const staff = await openConsole(browser);
  await row(staff, ahead[0]!).getByRole('button', { name: 'Call' }).click();
  await expect(row(staff, ahead[0]!).locator('.status-pill')).toHaveText('Called');
  await row(staff, ahead[0]!).getByText('More').click();
  await row(staff, ahead[0]!).getByRole('button', { name: 'Done' }).click();
  await expect(row(staff, ahead[0]!).locator('.status-pill')).toHaveText('Done');

  await expect(page.getByText('We texted you: your turn is near. Please head back now.')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Text me when my turn is near' })).toHaveCount(0);

  // The console's Text messages page (the outbox) shows the one text.
  await staff.goto('/console/texts');
  const mine = staff.locator(`.sms-row--outbound[data-phone="+1${digits}"]`);
  await expect(
    mine.filter({ hasText: "Bella Demo Salon: you're almost up, 2 ahead of you. Please head back now." }),
  ).toHaveCount(1);

  // The line moves again: no second text.
  await staff.goto('/console');
  await row(staff, ahead[1]!).getByRole('button', { name: 'Call' }).click();
  await expect(row(staff, ahead[1]!).locator('.status-pill')).toHaveText('Called');
  await expect(page.getByText("You're number 2 in line")).toBeVisible();
  await staff.goto('/console/texts');
  await expect(mine.filter({ hasText: "you're next!" })).toHaveCount(0);
  await expect(mine.filter({ hasText: "you're almost up" })).toHaveCount(1);
  await staff.context().close();
});
