import { localDateTime } from '../../src/shared/local-time.ts';
import { DEMO_ACCOUNTS, openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';
import { confirmDialog, fillAndConfirm, openLanding, serviceButton } from './support/walk-in.ts';

const DEMO_ZONE = 'America/Chicago';

/**
 * A few minutes ago on the demo business's clock, its date and "HH:MM": a booking the desk may
 * still make. Not before the business's midnight: a time before it is yesterday's, which Coming up
 * does not list, and typed with today's date it would be tonight's, placed after the walk-in.
 */
function minutesAgo(minutes: number): { date: string; time: string } {
  const now = Date.now();
  const today = localDateTime(now, DEMO_ZONE).date;
  const before = localDateTime(now - minutes * 60_000, DEMO_ZONE);
  const minute = before.date === today ? before.minute : 0;
  return {
    date: today,
    time: `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`,
  };
}

/** Issue 24 item 4: the customer's page says why their place went up. */
test('an appointment that checks in ahead moves a waiting customer back, and their page names it by its time', async ({
  page,
  browser,
}) => {
  const suffix = Date.now() % 100000;
  const desk = await openConsole(browser, '', DEMO_ACCOUNTS.frontDesk);
  const dialog = desk.getByRole('dialog', { name: 'Book an appointment' });
  const booked = minutesAgo(3);
  const bookedAt = booked.time;
  await desk.getByRole('button', { name: 'Book', exact: true }).click();
  await dialog.getByLabel('Name').fill(`Olga ${suffix}`);
  await dialog.getByLabel('Service').selectOption('Facials');
  // The date too: the dialog's own is the business's today when the board opened.
  await dialog.getByLabel('Date', { exact: true }).fill(booked.date);
  await dialog.getByLabel('Time').fill(bookedAt);
  await dialog.getByLabel('Provider').selectOption({ label: 'Maria Lopez' });
  await dialog.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(dialog).toBeHidden();

  // The walk-in joins after the booked time: the appointment, once here, stands ahead of them.
  await openLanding(page);
  await serviceButton(page, 'Facials').click();
  await page.getByRole('button', { name: 'Next' }).click();
  await fillAndConfirm(page, `Wendy ${suffix}`);
  await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
  const place = page.getByText(/You're (next|number \d+) in line/);
  await expect(place).toBeVisible();
  const before = (await place.textContent())!;
  const number = before.includes('next') ? 1 : Number(before.match(/\d+/)![0]);
  await expect(page.getByTestId('place-change')).toHaveCount(0);

  const lane = desk.getByRole('region', { name: /Coming up/ });
  await lane.getByRole('button', { name: `Arrived: Olga ${suffix}` }).click();

  await expect(page.getByText(`You're number ${number + 1} in line`)).toBeVisible();
  const [hours, minutes] = bookedAt.split(':').map(Number) as [number, number];
  const clock = `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
  // Said in the page's live region, with the place.
  await expect(page.getByRole('status').getByTestId('place-change')).toHaveText(
    `An appointment for ${clock} checked in`,
  );

  // When the line moves forward again the reason has done its work.
  const waiting = desk.locator('.board-row').filter({ hasText: `Olga ${suffix}` });
  await waiting.getByRole('button', { name: 'Call' }).click();
  await expect(
    page.getByText(number === 1 ? "You're next in line" : `You're number ${number} in line`),
  ).toBeVisible();
  await expect(page.getByTestId('place-change')).toHaveCount(0);
  await desk.context().close();
});
