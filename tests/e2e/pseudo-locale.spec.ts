// Every word a page shows comes from a catalog (issue 27 item 5, docs/languages.md "The
// pseudo-locale"): in the pseudo-locale each catalog word reads ⟦Ŵáļķ íñš⟧, so on each main screen
// any visible text outside the marks (a text node, or a visible element's placeholder, aria-label,
// title or alt) is a word some component wrote itself, which no translation can reach. Only data
// may stand outside: the business's and customers' names, services, addresses, phone numbers,
// digits, dates and times, punctuation, and the language picker's own names.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import enConsole from '../../src/client/lib/texts/en/console.ts';
import enCustomer from '../../src/client/lib/texts/en/customer.ts';
import enLanding from '../../src/client/lib/texts/en/landing.ts';
import { pseudoWords } from '../../src/client/lib/texts/pseudo.ts';
import { LANGUAGE_COOKIE, LANGUAGE_NAMES, PSEUDO_LANGUAGE } from '../../src/shared/languages.ts';
import { DEMO_ACCOUNTS } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';
import { openServiceRequest } from './support/providers.ts';
import {
  confirmDialog,
  demo,
  fillAndConfirm,
  openLanding,
  serviceButton,
  WOMENS_HAIRCUT,
} from './support/walk-in.ts';

const landing = pseudoWords(enLanding);
const customer = pseudoWords(enCustomer);
const staff = pseudoWords(enConsole);

/**
 * Never translated: the product's name, and the language picker's label in every language at once
 * (components/language-switcher.tsx) and its languages' names, each in itself.
 */
const NAMES = ['CheckN', 'Language · Idioma · Ngôn ngữ · 语言', ...Object.values(LANGUAGE_NAMES)];

/** Dates and times as Intl writes them (data, in the page's language's format). */
const DATE_WORDS = (() => {
  const words = new Set<string>(['AM', 'PM']);
  for (let month = 0; month < 12; month++) {
    const day = new Date(Date.UTC(2024, month, 1));
    for (const width of ['short', 'long'] as const) {
      words.add(day.toLocaleDateString('en-US', { month: width, timeZone: 'UTC' }));
      words.add(day.toLocaleDateString('en-US', { weekday: width, timeZone: 'UTC' }));
    }
  }
  return [...words];
})();

async function pickPseudoLocale(context: BrowserContext, baseURL: string): Promise<void> {
  await context.addCookies([{ name: LANGUAGE_COOKIE, value: PSEUDO_LANGUAGE, url: baseURL }]);
}

/** What the demo business and its customers wrote themselves: never translated (docs/languages.md). */
async function demoData(browser: Browser): Promise<string[]> {
  const owner = await browser.newContext();
  const { request } = owner;
  await request.post('/api/v1/staff/sign-in', { data: DEMO_ACCOUNTS.owner });
  const settings = await (await request.get('/api/v1/staff/settings')).json();
  const board = await (await request.get('/api/v1/staff/board')).json();
  const me = await (await request.get('/api/v1/staff/me')).json();
  // Insights opens on the last 7 days (features/insights): what customers wrote after their visits.
  const insights = await (await request.get('/api/v1/staff/insights?days=7')).json();
  const data: unknown[] = [
    me.name,
    // The walk-in page's link (Settings), and as the lobby screen writes it, without its scheme.
    `${me.publicUrl}/demo`,
    `${new URL(me.publicUrl).host}/demo`,
    settings.name,
    settings.street,
    settings.city,
    settings.state,
    settings.zip,
    settings.timeZone,
    settings.reviewUrl,
    // Texts the server writes in the business's language, from its own catalogs (sms/texts).
    settings.smsJoinText,
    settings.smsCalledText,
    settings.defaultSmsTexts.join,
    settings.defaultSmsTexts.called,
    ...settings.services.map((service: { name: string }) => service.name),
    ...settings.providers.flatMap((provider: Record<string, unknown>) => [
      provider.name,
      provider.speciality,
      provider.station,
    ]),
    ...(settings.joinFields ?? []).map((field: { label: string }) => field.label),
    ...board.entries.flatMap((entry: { name: string; serviceType: string; providerName: string | null }) => [
      ...nameForms(entry.name),
      entry.serviceType,
      entry.providerName,
    ]),
    ...board.providers.flatMap((provider: Record<string, unknown>) => [provider.name, provider.speciality]),
    // A row's answers to the business's own questions, under the question as it was asked then
    // (a question since removed from Settings still labels the answers given to it).
    ...board.entries.flatMap((entry: { joinAnswers: { label: string; value: string }[] | null }) =>
      (entry.joinAnswers ?? []).flatMap((answer) => [answer.label, answer.value]),
    ),
    // Services and providers as the visits had them (one since renamed or removed still counts).
    ...insights.byService.map((group: { service: string }) => group.service),
    ...insights.byProvider.map((group: { providerName: string | null }) => group.providerName),
    ...insights.feedback.comments.flatMap(
      (comment: { comment: string; serviceType: string; providerName: string | null }) => [
        comment.comment,
        comment.serviceType,
        comment.providerName,
      ],
    ),
    demo.address,
    ...demo.services,
    // A service's name may break at its slashes ("Women's Haircut/<wbr>Style").
    ...demo.services.flatMap((service) => service.split('/')),
  ];
  await owner.close();
  return data.filter((value): value is string => typeof value === 'string' && value.trim() !== '');
}

/** A customer's name, and as the lobby screen shows it: "Maria G." (docs/lobby-screen.md). */
function nameForms(name: string): string[] {
  const words = name.split(/\s+/).filter(Boolean);
  return [name, ...words, ...words.map((word) => `${word[0]}.`)];
}

/**
 * The texts of the page outside the pseudo-locale's marks, once its marked words and the data
 * allowed are taken out: each one a word no catalog gave.
 */
async function strayTexts(page: Page, data: readonly string[]): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const visible = (element: Element) => element.checkVisibility({ visibilityProperty: true });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!text || !parent || parent.closest('script, style, noscript, template')) continue;
      if (parent.closest('option') ? visible(parent.closest('select') as Element) : visible(parent)) {
        found.push(text);
      }
    }
    for (const element of document.body.querySelectorAll('[placeholder], [aria-label], [title], [alt]')) {
      if (!visible(element)) continue;
      for (const name of ['placeholder', 'aria-label', 'title', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.push(value);
      }
    }
    found.push(document.title);
    // Settings' time zones, as the browser names them (features/settings/time-zones.ts).
    const zones = Intl.supportedValuesOf('timeZone').map((zone) => zone.replaceAll('_', ' '));
    return { found, zones };
  });
  const allowed = [...data, ...NAMES, ...texts.zones].sort((a, b) => b.length - a.length);
  return [...new Set(texts.found)].filter((text) => {
    let rest = text;
    // Marks inside marks (a catalog word given to another): the innermost first.
    for (let before = ''; before !== rest; ) {
      before = rest;
      rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' ');
    }
    for (const value of allowed) rest = rest.split(value).join(' ');
    for (const word of DATE_WORDS) rest = rest.replace(new RegExp(`\\b${word}\\b`, 'g'), ' ');
    return /\p{L}/u.test(rest);
  });
}

/** Checks the page as it is now, under `screen`'s name; a failure lists the stray texts. */
async function expectAllFromCatalogs(page: Page, screen: string, data: readonly string[]): Promise<void> {
  expect.soft(await strayTexts(page, data), `${screen}: texts from no catalog`).toEqual([]);
}

test.describe('the pseudo-locale', () => {
  test.describe.configure({ mode: 'serial' });

  test('a customer: landing, details, confirm, checked in, chat, service request, kiosk', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    const data = await demoData(browser);
    const name = `Pseudo ${Date.now() % 100000}`;
    await pickPseudoLocale(page.context(), baseURL as string);

    await page.goto('/demo');
    await expect(page.locator('html')).toHaveAttribute('lang', PSEUDO_LANGUAGE);
    await expect(page.getByRole('heading', { name: landing.landing.heading })).toBeVisible();
    await expectAllFromCatalogs(page, 'landing', data);

    await serviceButton(page, WOMENS_HAIRCUT, landing.landing.servicesLabel).click();
    await page.getByRole('button', { name: landing.landing.next }).click();
    await expect(page.getByRole('heading', { name: customer.userInfo.heading })).toBeVisible();
    await expectAllFromCatalogs(page, 'details', data);

    await page.getByLabel(customer.userInfo.nameLabel, { exact: true }).fill(name);
    await page.getByLabel(customer.userInfo.phoneLabel, { exact: true }).pressSequentially('4155550142');
    await page.getByRole('button', { name: customer.userInfo.next }).click();
    await expect(confirmDialog(page)).toBeVisible();
    await expectAllFromCatalogs(page, 'confirm', [...data, name]);

    await confirmDialog(page).getByRole('button', { name: customer.confirm.yes }).click();
    await expect(page.getByRole('heading', { name: customer.checkedIn.title })).toBeVisible();
    await expectAllFromCatalogs(page, 'checked in', [...data, name]);

    const waitId = new URL(page.url()).searchParams.get('waitId');
    await page.goto(`/demo/chat?id=${waitId}`);
    await expect(page.getByPlaceholder(customer.chat.placeholder)).toBeVisible();
    await expectAllFromCatalogs(page, 'chat', [...data, name]);

    await openServiceRequest(page, browser);
    await expect(page.getByRole('heading', { name: customer.addClient.title })).toBeVisible();
    await expectAllFromCatalogs(page, 'service request', data);

    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/demo/kiosk');
    await expect(page.getByRole('heading', { name: landing.landing.heading })).toBeVisible();
    await expectAllFromCatalogs(page, 'kiosk', data);
  });

  test('the staff: sign-in, board, lobby screen, settings, insights', async ({ browser, baseURL }) => {
    test.slow();
    const context = await browser.newContext({ viewport: { width: 1180, height: 820 } });
    await pickPseudoLocale(context, baseURL as string);
    const page = await context.newPage();
    // A customer on the board, so that its rows show (in English: this spec reads the console).
    const phone = await browser.newPage();
    const name = `Pseudo Board ${Date.now() % 100000}`;
    await openLanding(phone);
    await serviceButton(phone, 'Facials').click();
    await phone.getByRole('button', { name: 'Next' }).click();
    await fillAndConfirm(phone, name);
    await confirmDialog(phone).getByRole('button', { name: 'Yes' }).click();
    await expect(phone.getByRole('heading', { name: "You're on the list" })).toBeVisible();
    await phone.context().close();
    const data = await demoData(browser);

    await page.goto('/console');
    await expect(page.getByRole('heading', { name: staff.console.signInTitle })).toBeVisible();
    await expectAllFromCatalogs(page, 'console sign-in', data);
    await page.getByLabel(staff.console.email).fill(DEMO_ACCOUNTS.owner.email);
    await page.getByLabel(staff.console.password, { exact: true }).fill(DEMO_ACCOUNTS.owner.password);
    await page.getByRole('button', { name: staff.console.signIn }).click();

    await expect(page.getByRole('link', { name: staff.console.board })).toBeVisible();
    await expect(page.getByText(name, { exact: true })).toBeVisible();
    await expectAllFromCatalogs(page, 'board', data);
    const row = page.locator('.board-row').filter({ hasText: name });
    await row.getByText(staff.console.more, { exact: true }).click();
    await expect(row.getByRole('button', { name: staff.console.actions.remove })).toBeVisible();
    await expectAllFromCatalogs(page, "board with a row's menu open", data);
    await row.getByText(staff.console.more, { exact: true }).click();
    await page.getByRole('button', { name: `${staff.console.chat} ${name}` }).click();
    await expect(page.getByRole('complementary', { name: staff.console.chat })).toBeVisible();
    await expectAllFromCatalogs(page, 'board with a chat open', data);
    await page.getByRole('button', { name: staff.console.closeChat }).click();

    const [screen] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: staff.lobbyScreen.open }).click(),
    ]);
    await screen.setViewportSize({ width: 1920, height: 1080 });
    await expect(screen.getByRole('heading', { name: customer.lobbyScreen.nowServing })).toBeVisible();
    await expectAllFromCatalogs(screen, 'lobby screen', data);
    await screen.close();

    await page.getByRole('link', { name: staff.settings.title }).click();
    await expect(page.getByRole('heading', { name: staff.settings.business })).toBeVisible();
    await expectAllFromCatalogs(page, 'settings', data);

    await page.getByRole('link', { name: staff.insights.title }).click();
    await expect(page.getByRole('heading', { name: staff.insights.visits })).toBeVisible();
    await expectAllFromCatalogs(page, 'insights', data);
    await context.close();
  });
});
