// Every customer in their own language (issue 27, docs/languages.md): the page's first HTML is in
// the phone's language, a switcher shows another at once and keeps it on the phone, the kiosk
// starts each guest in the business's, and the console follows its reader. The expected words are
// read from the catalogs themselves, so a test checks that the page shows that language's.
import esConsole from '../../src/client/lib/texts/es/console.ts';
import esCustomer from '../../src/client/lib/texts/es/customer.ts';
import esLanding from '../../src/client/lib/texts/es/landing.ts';
import viCustomer from '../../src/client/lib/texts/vi/customer.ts';
import viLanding from '../../src/client/lib/texts/vi/landing.ts';
import zhCustomer from '../../src/client/lib/texts/zh-Hans/customer.ts';
import zhLanding from '../../src/client/lib/texts/zh-Hans/landing.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { DEMO_ACCOUNTS, openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';
import { openServiceRequest } from './support/providers.ts';
import { nameInput, openLanding, serviceButton, WOMENS_HAIRCUT } from './support/walk-in.ts';

const languagePicker = (page: import('@playwright/test').Page) => page.getByLabel(/^Language · Idioma/);

test.describe('a phone in Spanish', () => {
  test.use({ locale: 'es-MX' });

  test('joins in Spanish, gets its texts in Spanish, and PARAR stops them with a Spanish answer', async ({
    page,
    browser,
  }) => {
    test.slow();
    const name = `Lucía ${Date.now() % 100000}`;
    const digits = `212556${String(Date.now() % 10000).padStart(4, '0')}`;
    await page.goto('/demo');
    await serviceButton(page, 'Waxing', esLanding.landing.servicesLabel).click();
    await page.getByRole('button', { name: esLanding.landing.next }).click();
    await page.getByLabel(esCustomer.userInfo.nameLabel, { exact: true }).fill(name);
    await page.getByLabel(esCustomer.userInfo.phoneLabel, { exact: true }).pressSequentially(digits);
    await page.getByRole('button', { name: esCustomer.userInfo.next }).click();
    await page.getByRole('dialog').getByRole('button', { name: esCustomer.confirm.yes }).click();
    await expect(page.getByRole('heading', { name: esCustomer.checkedIn.title })).toBeVisible();

    // The outbox (the console in English: its reader's choice) shows the Spanish text as sent.
    const staff = await openConsole(browser, 'texts');
    const mine = staff.locator(`.sms-row--outbound[data-phone="+1${digits}"]`);
    await expect(mine.first()).toContainText('Bella Demo Salon: te anotamos en la lista para Waxing.');
    await mine.first().getByRole('button', { name: 'Reply as this customer' }).click();
    await mine.first().getByPlaceholder('Type a reply, or STOP / START / HELP').fill('PARAR');
    await mine.first().getByRole('button', { name: 'Send reply' }).click();
    await expect(staff.locator(`.sms-row--outbound[data-phone="+1${digits}"]`).first()).toContainText(
      'Dejaremos de enviarte mensajes',
    );
    await staff.context().close();
  });

  test('reads the landing page in Spanish from the first HTML on, and the next step too', async ({
    page,
  }) => {
    // The server's HTML, before any script: already Spanish, and says so.
    const first = await page.request.get('/demo', { headers: { 'accept-language': 'es-MX,es;q=0.9' } });
    const html = await first.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain(esLanding.landing.heading);

    await page.goto('/demo');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { name: esLanding.landing.heading })).toBeVisible();
    await expect(languagePicker(page)).toHaveValue('es');
    // The business's own words stay as it wrote them.
    await serviceButton(page, WOMENS_HAIRCUT, esLanding.landing.servicesLabel).click();
    await page.getByRole('button', { name: esLanding.landing.next }).click();
    await expect(page.getByRole('heading', { name: esCustomer.userInfo.heading })).toBeVisible();
    await expect(page.getByLabel(esCustomer.userInfo.nameLabel, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('a phone in Spanish, its times and its offline page', () => {
  // The offline page answers 503, which Chromium logs, as it logs what it could not fetch offline.
  // One pattern: Playwright reads a two-item array as an option's [value, settings].
  test.use({ locale: 'es-MX', allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|status of 503/] });

  test('a request says by when in the Spanish clock, and without a network the page says so in Spanish', async ({
    page,
    browser,
  }) => {
    const provider = await openServiceRequest(page, browser);
    await page
      .getByLabel(esCustomer.addClient.firstName, { exact: true })
      .fill(`Sofía ${Date.now() % 100000}`);
    await page.getByLabel(esCustomer.addClient.lastName, { exact: true }).fill('Solicitud');
    await page
      .getByLabel(esCustomer.addClient.phone, { exact: true })
      .pressSequentially(`212557${String(Date.now() % 10000).padStart(4, '0')}`);
    await page.getByRole('button', { name: esCustomer.addClient.send, exact: true }).click();
    await page.getByRole('link', { name: esCustomer.request.follow }).click();
    await expect(page.getByText(esCustomer.request.pending(provider.name))).toBeVisible();
    // "a las 4:30 p.m.": Latin American Spanish's clock, where English reads "by 4:30 PM."
    await expect(page.locator('.live-status__detail')).toHaveText(
      /^Te responderán a más tardar a las? \d{1,2}:\d{2} [ap]\.m\.$/,
    );

    // The service worker keeps the page's language for its offline page.
    await page.waitForFunction(async () => {
      if (!navigator.serviceWorker.controller) return false;
      const stored = await (await caches.open('checkn-page-language')).match('/page-language');
      return (await stored?.text()) === 'es';
    });
    await page.context().setOffline(true);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { name: 'Estás sin conexión' })).toBeVisible();
    await expect(page.getByText('Conservas tu lugar en la fila.')).toBeVisible();
    await page.context().setOffline(false);
  });
});

for (const [locale, language] of [
  ['vi-VN', 'vi'],
  ['zh-CN', 'zh-Hans'],
] as const) {
  test.describe(`a phone in ${locale}`, () => {
    test.use({ locale });

    test('reads the landing page and the details step in its language, with no accessibility violation', async ({
      page,
    }) => {
      const words =
        language === 'vi'
          ? { landing: viLanding, customer: viCustomer }
          : { landing: zhLanding, customer: zhCustomer };
      await page.goto('/demo');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { name: words.landing.landing.heading })).toBeVisible();
      await expectNoAxeViolations(page);
      await serviceButton(page, WOMENS_HAIRCUT, words.landing.landing.servicesLabel).click();
      await page.getByRole('button', { name: words.landing.landing.next }).click();
      await expect(page.getByRole('heading', { name: words.customer.userInfo.heading })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}

test('the language picker shows the page in another language at once and keeps it on this phone', async ({
  page,
}) => {
  await openLanding(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await serviceButton(page, WOMENS_HAIRCUT).click();

  await languagePicker(page).selectOption('vi');
  await expect(page.getByRole('heading', { name: viLanding.landing.heading })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Walk ins' })).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  // The service picked before the switch is still picked.
  await expect(serviceButton(page, WOMENS_HAIRCUT, viLanding.landing.servicesLabel)).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: viLanding.landing.next }).click();
  await expect(page.getByRole('heading', { name: viCustomer.userInfo.heading })).toBeVisible();

  // The next page load, rendered by the server, is in it too.
  await page.reload();
  await expect(page.getByRole('heading', { name: viCustomer.userInfo.heading })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(nameInput(page)).toHaveCount(0);

  await languagePicker(page).selectOption('en');
  await expect(page.getByRole('heading', { name: 'Enter your name and phone number' })).toBeVisible();
});

test.describe('offline', () => {
  test.use({ allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED/] });

  test('a picker that cannot fetch the words says so and leaves the page as it was', async ({ page }) => {
    await openLanding(page);
    await page.context().setOffline(true);
    await languagePicker(page).selectOption('es');
    await expect(page.getByRole('alert')).toHaveText(
      'We could not load that language. Check your connection and try again.',
    );
    await expect(page.getByRole('heading', { name: 'Walk ins' })).toBeVisible();
    await page.context().setOffline(false);
  });
});

test.describe('the kiosk', () => {
  test.use({ locale: 'es-MX', viewport: { width: 1024, height: 768 } });

  test("starts in the business's language, and a guest's choice ends with their visit", async ({ page }) => {
    await page.clock.install();
    await page.goto('/demo/kiosk');
    // The tablet's own language does not choose: the business's does (English for the demo).
    await expect(page.getByRole('heading', { name: 'Walk ins' })).toBeVisible();
    await languagePicker(page).selectOption('es');
    await expect(page.getByRole('heading', { name: esLanding.landing.heading })).toBeVisible();

    const name = `Kiosko ${Date.now() % 100000}`;
    await serviceButton(page, 'Facials', esLanding.landing.servicesLabel).click();
    await page.getByRole('button', { name: esLanding.landing.next }).click();
    await expect(page.getByRole('heading', { name: esCustomer.userInfo.heading })).toBeVisible();
    await page.getByLabel(esCustomer.userInfo.nameLabel, { exact: true }).fill(name);
    await page.getByLabel(esCustomer.userInfo.phoneLabel, { exact: true }).pressSequentially('4155550177');
    await page.getByRole('button', { name: esCustomer.userInfo.next }).click();
    await page.getByRole('dialog').getByRole('button', { name: esCustomer.confirm.yes }).click();
    await expect(page.getByRole('heading', { name: esCustomer.kiosk.thanks(name) })).toBeVisible();
    // Taps in the first moments are ignored (a guest's second tap on Yes): past them, Done.
    await page.clock.fastForward(2_000);
    await page.getByRole('button', { name: esCustomer.kiosk.startOver }).click();

    // The next guest starts in English again.
    await expect(page.getByRole('heading', { name: 'Walk ins' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test.describe('the console', () => {
  // The console asks who is signed in before the sign-in page shows: nobody yet, a 401.
  test.use({
    locale: 'es-ES',
    viewport: { width: 1180, height: 820 },
    allowedConsoleErrors: [/status of 401/],
  });

  test('reads in Spanish for a Spanish browser, and each member picks their own on Your account', async ({
    page,
    browser,
  }) => {
    await page.goto('/console');
    await expect(page.getByRole('heading', { name: esConsole.console.signInTitle })).toBeVisible();
    await page.getByLabel(esConsole.console.email).fill(DEMO_ACCOUNTS.owner.email);
    await page.getByLabel(esConsole.console.password, { exact: true }).fill(DEMO_ACCOUNTS.owner.password);
    await page.getByRole('button', { name: esConsole.console.signIn }).click();
    await expect(page.getByRole('link', { name: esConsole.console.board })).toBeVisible();

    // Insights' CSV speaks the console's language: its link says which (the browser's is not the
    // member's choice), and the header and statuses come back in it.
    await page.getByRole('link', { name: esConsole.insights.title }).click();
    const download = page.getByRole('link', { name: esConsole.insights.download });
    await expect(download).toHaveAttribute('href', /&language=es$/);
    const csv = await page.request.get((await download.getAttribute('href')) as string);
    expect((await csv.text()).split('\r\n')[0]).toBe(
      '\uFEFFLlegada,Llamado,Inicio,Fin,Servicio,Profesional,Estado,Espera (min)',
    );

    await page.goto('/console/account');
    await expect(page.getByRole('heading', { name: esConsole.account.language })).toBeVisible();
    await languagePicker(page).selectOption('en');
    await expect(page.getByRole('heading', { name: 'Language', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Board' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('link', { name: 'Board' })).toBeVisible();

    // The choice is the member's: on another device, a Spanish one, their console is in English
    // once they have signed in. (English: the demo owner's console stays English for other tests.)
    const tablet = await browser.newContext({ locale: 'es-ES', viewport: { width: 1180, height: 820 } });
    const other = await tablet.newPage();
    await other.goto('/console');
    await expect(other.getByRole('heading', { name: esConsole.console.signInTitle })).toBeVisible();
    await other.getByLabel(esConsole.console.email).fill(DEMO_ACCOUNTS.owner.email);
    await other.getByLabel(esConsole.console.password, { exact: true }).fill(DEMO_ACCOUNTS.owner.password);
    await other.getByRole('button', { name: esConsole.console.signIn }).click();
    await expect(other.getByRole('link', { name: 'Board' })).toBeVisible();
    await expect(other.locator('html')).toHaveAttribute('lang', 'en');
    await tablet.close();
  });

  test("a Vietnamese reader's console is English, says so in its picker, and asks the server in English", async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'vi-VN', viewport: { width: 1180, height: 820 } });
    const page = await context.newPage();
    const asked = page.waitForRequest((request) => request.url().endsWith('/api/v1/staff/me'));
    await page.goto('/console');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    // The console speaks English and Spanish: the picker names what it shows, not Vietnamese.
    await expect(languagePicker(page)).toHaveValue('en');
    expect((await asked).headers()['accept-language']).toBe('en');
    await context.close();
  });
});
