import { formatChatTime } from '../../src/shared/chat-format.ts';
import { openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * The console shows times on the business's clock (DESIGN: "Dates and times in the business's
 * time zone"), as chat and Text messages do, whatever zone the laptop is set to: here Tokyo,
 * 14 or 15 hours ahead of the demo's Chicago, so the two clocks never agree. (Customers' visits:
 * privacy.spec.ts.)
 */
test.use({ timezoneId: 'Asia/Tokyo' });

const DEMO_ZONE = 'America/Chicago';
const clock = (iso: string, timeZone: string) => formatChatTime(Date.parse(iso) / 1000, timeZone);

test("People says until when a new person's link works on the business's clock", async ({ browser }) => {
  const suffix = Date.now() % 100000;
  const owner = await openConsole(browser, 'people');
  await owner.getByLabel('Name', { exact: true }).fill(`Clock ${suffix}`);
  await owner.getByLabel('Email', { exact: true }).fill(`clock-${suffix}@demo.test`);
  const added = owner.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/api/v1/staff/people'),
  );
  await owner.getByRole('button', { name: 'Add person' }).click();
  const { expiresAt, member } = (await (await added).json()) as { expiresAt: string; member: { id: string } };
  const until = `Link works until ${clock(expiresAt, DEMO_ZONE)}`;

  const dialog = owner.getByRole('dialog', { name: `Link for Clock ${suffix}` });
  await expect(dialog.getByText(until, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(owner.locator('.people-row').filter({ hasText: `clock-${suffix}@demo.test` })).toContainText(
    until,
  );

  // The demo keeps only its seeded team for the other tests.
  const me = await (await owner.request.get('/api/v1/staff/me')).json();
  const removed = await owner.request.delete(`/api/v1/staff/people/${member.id}`, {
    headers: { 'x-csrf-token': me.csrfToken },
  });
  expect(removed.ok()).toBe(true);
  await owner.context().close();
});
