import { localDateTime } from '../../src/shared/local-time.ts';
import { DEMO_ACCOUNTS, openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';

const DEMO_ZONE = 'America/Chicago';

/** A time later today on the demo business's clock, "HH:MM" (just past, in the last minutes of a day). */
function laterToday(): string {
  const { minute } = localDateTime(Date.now(), DEMO_ZONE);
  const at = minute + 60 < 24 * 60 ? minute + 60 : minute - 2;
  return `${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`;
}

test('the desk books a visit with Maria; it shows in Coming up, and Arrived puts it in line as hers', async ({
  browser,
}) => {
  const suffix = Date.now() % 100000;
  const desk = await openConsole(browser, '', DEMO_ACCOUNTS.frontDesk);
  const dialog = desk.getByRole('dialog', { name: 'Book an appointment' });
  const lane = desk.getByRole('region', { name: /Coming up/ });

  async function book(name: string) {
    await desk.getByRole('button', { name: 'Book', exact: true }).click();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Service').selectOption('Facials');
    await dialog.getByLabel('Time').fill(laterToday());
    await dialog.getByRole('button', { name: 'Book', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Pick a provider');
    await dialog.getByLabel('Provider').selectOption({ label: 'Maria Lopez' });
    await dialog.getByRole('button', { name: 'Book', exact: true }).click();
    await expect(dialog).toBeHidden();
  }

  // Maria's own console, open before the booking: her lane follows it live, read-only.
  const maria = await openConsole(browser, '', DEMO_ACCOUNTS.provider);
  await book(`Booked ${suffix}`);
  const booked = lane.locator('.board-row').filter({ hasText: `Booked ${suffix}` });
  await expect(booked).toContainText('Facials · with Maria Lopez');
  await expect(booked.locator('time')).toHaveText(/^\d{1,2}:\d{2}\s?[AP]M$/);
  const seenByMaria = maria
    .getByRole('region', { name: /Coming up/ })
    .locator('.board-row')
    .filter({ hasText: `Booked ${suffix}` });
  await expect(seenByMaria).toContainText('Facials · with Maria Lopez');
  await expect(seenByMaria.getByRole('button')).toHaveCount(0);

  await booked.getByRole('button', { name: `Arrived: Booked ${suffix}` }).click();
  await expect(booked).toBeHidden();
  await expect(seenByMaria).toBeHidden();
  const waiting = desk
    .locator('.board__group')
    .filter({ has: desk.getByRole('heading', { name: /^Waiting/ }) });
  const row = waiting.locator('.board-row').filter({ hasText: `Booked ${suffix}` });
  await expect(row.getByLabel('Provider')).toHaveValue(/.+/);
  await expect(row.getByLabel('Provider').locator('option:checked')).toHaveText('Maria Lopez');

  // A second booking, cancelled from the lane.
  await book(`Cancelled ${suffix}`);
  const cancelled = lane.locator('.board-row').filter({ hasText: `Cancelled ${suffix}` });
  await cancelled.getByRole('button', { name: `Cancel: Cancelled ${suffix}` }).click();
  await expect(cancelled).toBeHidden();

  // The demo business's line as it was: the arrival leaves it.
  await row.getByText('More', { exact: true }).click();
  await row.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(
    desk
      .locator('.board-row')
      .filter({ hasText: `Booked ${suffix}` })
      .locator('.status-pill'),
  ).toHaveText('Cancelled');
});
