import type { Browser, Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y.ts';
import { openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';
import { confirmDialog, fillAndConfirm, openLanding, serviceButton } from './support/walk-in.ts';

const REVIEW_URL = 'https://g.page/r/bella-demo-salon/review';

const feedbackForm = (settings: Page) =>
  settings
    .locator('form')
    .filter({ has: settings.getByRole('heading', { name: 'Feedback after the visit' }) });

async function saveFeedbackSettings(settings: Page, on: boolean, reviewUrl: string) {
  const form = feedbackForm(settings);
  await form.getByLabel('Ask customers to rate their visit').setChecked(on);
  await form.getByLabel('Your review link (optional)').fill(reviewUrl);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Saved')).toBeVisible();
}

/** A walk-in joins from their phone; the desk calls them, then marks the visit Done. */
async function visitAndDone(page: Page, board: Page, name: string, digits: string) {
  await openLanding(page);
  await serviceButton(page, 'Facials').click();
  await page.getByRole('button', { name: 'Next' }).click();
  await fillAndConfirm(page, name, digits);
  await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(/You're (next|number \d+) in line/)).toBeVisible();
  const row = board.locator('.board-row').filter({ hasText: name });
  await row.getByRole('button', { name: 'Call' }).click();
  await expect(row.locator('.status-pill')).toHaveText('Called');
  await row.getByText('More').click();
  await row.getByRole('button', { name: 'Done' }).click();
  await expect(row.locator('.status-pill')).toHaveText('Done');
}

/** The rating link in the number's text, as the console's Text messages page (the outbox) shows it. */
async function ratingLink(texts: Page, digits: string): Promise<string> {
  await texts.reload();
  const text = texts
    .locator(`.sms-row--outbound[data-phone="+1${digits}"]`)
    .filter({ hasText: 'thanks for visiting!' });
  await expect(text).toContainText(
    /Bella Demo Salon: thanks for visiting! How did we do\? Tap to rate your visit: http\S+\/demo\/feedback#t=/,
  );
  const body = (await text.locator('.sms-row__body').textContent()) ?? '';
  return /https?:\/\/\S+/.exec(body)![0];
}

async function phone(browser: Browser) {
  return (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
}

/** Issue 24 item 8: feedback after the visit (docs/feedback.md). */
test('the owner turns on feedback; a customer rates their visit from the text, and a low rating reaches Insights', async ({
  page,
  browser,
}) => {
  const stamp = Date.now() % 100000;
  const settings = await openConsole(browser, 'settings');
  await saveFeedbackSettings(settings, true, REVIEW_URL);
  try {
    const board = await settings.context().newPage();
    await board.goto('/console');
    const texts = await settings.context().newPage();
    await texts.goto('/console/texts');

    // A happy customer: five stars, and the business's review link.
    const happyDigits = `212556${String(stamp % 10000).padStart(4, '0')}`;
    await visitAndDone(page, board, `Happy ${stamp}`, happyDigits);
    const happyPhone = await phone(browser);
    await happyPhone.goto(await ratingLink(texts, happyDigits));
    await expect(happyPhone.getByRole('heading', { name: 'How did we do?' })).toBeVisible();
    await expect(happyPhone.getByText('Bella Demo Salon')).toBeVisible();
    await expect(happyPhone.getByText(/^Facials · [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}$/)).toBeVisible();
    await happyPhone.getByRole('button', { name: '5 stars' }).click();
    await expect(happyPhone.getByText('Thank you! We are glad you enjoyed your visit.')).toBeVisible();
    await expect(happyPhone.getByRole('link', { name: 'Leave a review on Google' })).toHaveAttribute(
      'href',
      REVIEW_URL,
    );
    await expect(happyPhone.getByRole('button', { name: '5 stars' })).toHaveAttribute('aria-pressed', 'true');
    await expectNoAxeViolations(happyPhone);

    // An unhappy one: two stars, and what went wrong, for the owner.
    const unhappyDigits = `212557${String(stamp % 10000).padStart(4, '0')}`;
    const customer = await phone(browser);
    await visitAndDone(customer, board, `Unhappy ${stamp}`, unhappyDigits);
    const link = await ratingLink(texts, unhappyDigits);
    await customer.goto(link);
    await customer.getByRole('button', { name: '2 stars' }).click();
    await expect(customer.getByText('We are sorry your visit was not better.')).toBeVisible();
    await expect(customer.getByRole('link', { name: /Leave a review/ })).toHaveCount(0);
    const complaint = `Waited past my turn (${stamp}).`;
    await customer.getByLabel('What went wrong?').fill(complaint);
    await customer.getByRole('button', { name: 'Send to the owner' }).click();
    await expect(customer.getByText('Thank you for telling us. The owner will read it.')).toBeVisible();
    await expectNoAxeViolations(customer);
    // Opened again, the link shows what was said.
    await customer.reload();
    await expect(customer.getByLabel('What went wrong?')).toHaveValue(complaint);

    const insights = await settings.context().newPage();
    await insights.goto('/console/insights');
    const ratings = insights.locator('section').filter({
      has: insights.getByRole('heading', { name: 'Ratings after the visit' }),
    });
    await expect(ratings.getByText(complaint)).toBeVisible();
    await expect(ratings.getByText(/^2 stars · Facials/)).toBeVisible();

    // A link that is not one says so in words.
    await customer.goto('/demo/feedback#t=not-a-real-token');
    await expect(customer.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
    await expect(
      customer.getByText('We could not find this rating link. Please open it again from the text message.'),
    ).toBeVisible();
  } finally {
    // Off again, as every other journey expects the demo business.
    await settings.goto('/console/settings');
    await saveFeedbackSettings(settings, false, '');
    await settings.context().close();
  }
});
