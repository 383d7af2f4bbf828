import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './support/fixtures.ts';
import { firstDemoProvider, openServiceRequest } from './support/providers.ts';
import {
  confirmDialog,
  customer,
  demo,
  fillAndConfirm,
  nameInput,
  openUserInfo,
  phoneInput,
  serviceButton,
  WOMENS_HAIRCUT,
  WOMENS_HAIRCUT_USER_INFO,
} from './support/walk-in.ts';

const WALK_IN_API = '/api/v1/companies/demo/walk-in';

test.describe('before any script runs', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing page shows the business, its address, the heading and every service', async ({
    page,
  }) => {
    await page.goto('/demo');
    await expect(page).toHaveTitle(`${demo.name} · CheckN`);
    await expect(page.getByRole('img', { name: `${demo.name} logo` })).toBeVisible();
    await expect(page.getByText(demo.name, { exact: true })).toBeVisible();
    await expect(page.getByText(demo.address, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Walk ins' })).toBeVisible();
    await expect(page.getByText('Select your service', { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Services' }).getByRole('button')).toHaveText([
      ...demo.services,
    ]);
    await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
  });

  test('user-info, the kiosk, add-client and the home page show their content too', async ({ page }) => {
    await page.goto(WOMENS_HAIRCUT_USER_INFO);
    await expect(page).toHaveTitle('Enter your name and phone number · CheckN');
    await expect(page.getByRole('heading', { name: 'Enter your name and phone number' })).toBeVisible();
    await expect(page.getByText(WOMENS_HAIRCUT, { exact: true })).toBeVisible();
    await expect(nameInput(page)).toBeVisible();
    await expect(phoneInput(page)).toBeVisible();

    await page.goto('/demo/kiosk');
    await expect(page.getByRole('list', { name: 'Services' }).getByRole('button')).toHaveText([
      ...demo.services,
    ]);

    const provider = await firstDemoProvider(page.request);
    await page.goto(`/add-client/${provider.id}?companyId=demo&spName=Maria&spSpeciality=Color`);
    await expect(page.getByText('Maria', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible();
    // A link that cannot name a provider says so from the first HTML too.
    await page.goto('/add-client/sp-1?companyId=demo&spName=Maria');
    await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'CheckN Walkin Service' })).toBeVisible();
  });

  test('a tap is not lost: a service picked shows picked, and Next goes on to user-info', async ({
    page,
  }) => {
    await page.goto('/demo?rwg_token=from-an-ad');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Please select service', { exact: true })).toBeVisible();

    await serviceButton(page, WOMENS_HAIRCUT).click();
    await expect(serviceButton(page, WOMENS_HAIRCUT)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Please select service', { exact: true })).toHaveCount(0);
    // The ad's token rides along, for the page that can keep it.
    expect(new URL(page.url()).searchParams.get('rwg_token')).toBe('from-an-ad');

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === WOMENS_HAIRCUT_USER_INFO && url.searchParams.get('rwg_token') === 'from-an-ad',
    );
    await expect(page.getByRole('heading', { name: 'Enter your name and phone number' })).toBeVisible();
  });

  test('an unknown business and an unknown address say so, with a 404', async ({ page }) => {
    const business = await page.goto('/no-such-salon');
    expect(business?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Business not found' })).toBeVisible();
    const address = await page.goto('/demo/Facials/user-info/more');
    expect(address?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

test('the page hydrates without asking for its data again, and the next step needs no request either', async ({
  page,
}) => {
  const landingRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === WALK_IN_API) landingRequests.push(request.url());
  });
  await page.goto('/demo');
  await serviceButton(page, WOMENS_HAIRCUT).click();
  await expect(serviceButton(page, WOMENS_HAIRCUT)).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your name and phone number' })).toBeVisible();
  await expect(page.getByText(WOMENS_HAIRCUT, { exact: true })).toBeVisible();
  expect(landingRequests).toEqual([]);
});

/** Holds the app's entry back, as a slow connection would; the returned function lets it load. */
async function holdAppScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/index-*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('what a person types before the scripts arrive is kept when the page comes alive', async ({ page }) => {
  // The app's scripts held back, as on a slow connection, until the person has typed.
  const releaseScripts = await holdAppScripts(page);
  await page.goto(WOMENS_HAIRCUT_USER_INFO, { waitUntil: 'commit' });
  await nameInput(page).pressSequentially('Early Bird');
  await phoneInput(page).pressSequentially('4155550123');
  releaseScripts();
  await waitForHydration(page);

  await page.getByRole('button', { name: 'Next' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Hi Early Bird' })).toBeVisible();
  await expect(nameInput(page)).toHaveValue('Early Bird');
  await expect(phoneInput(page)).toHaveValue('+1 (415) 555-0123');
});

test('Send tapped on a service request before the scripts arrive sends it once they do, with the link intact', async ({
  page,
  browser,
}) => {
  const sends: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/functions/addClient')) sends.push(request.method());
  });
  const releaseScripts = await holdAppScripts(page);
  const provider = await openServiceRequest(page, browser, {}, { waitUntil: 'commit' });
  const link = page.url();
  await page.getByLabel('First name').fill('Early');
  await page.getByLabel('Last name').fill('Sender');
  await page.getByLabel('Phone number').pressSequentially('4155550177');
  // Twice, as an impatient thumb does: one request.
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  // Held, not submitted: the page did not reload without its link's query.
  expect(page.url()).toBe(link);
  releaseScripts();

  await expect(page.getByText("You're all set!")).toBeVisible();
  await expect(page.getByText(`Your request was sent to ${provider.name}!`)).toBeVisible();
  expect(sends).toEqual(['POST']);
});

test('a service tapped on the kiosk before the scripts arrive is picked once they do', async ({ page }) => {
  const releaseScripts = await holdAppScripts(page);
  await page.goto('/demo/kiosk', { waitUntil: 'commit' });
  await serviceButton(page, 'Facials').click();
  releaseScripts();

  await expect(serviceButton(page, 'Facials')).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your name and phone number' })).toBeVisible();
  await expect(page.getByText('Please select service')).toHaveCount(0);
});

test('a chat message written before the scripts arrive is kept, and Send sends it', async ({ page }) => {
  await openUserInfo(page);
  await fillAndConfirm(page);
  await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/demo\/checked-in\?waitId=/);
  const waitId = new URL(page.url()).searchParams.get('waitId') ?? '';
  const releaseScripts = await holdAppScripts(page);
  await page.goto(`/demo/chat?id=${waitId}`, { waitUntil: 'commit' });
  await page.getByPlaceholder('Write a message').pressSequentially('Early words');
  releaseScripts();
  await waitForHydration(page);

  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.locator('.chat-message--mine')).toContainText('Early words');
  await expect(page.getByPlaceholder('Write a message')).toHaveValue('');
});

test('a service picked earlier in this tab is selected again when the server-rendered page hydrates', async ({
  page,
}) => {
  await page.goto('/demo');
  await serviceButton(page, 'Facials').click();
  await page.reload();
  await expect(serviceButton(page, 'Facials')).toHaveAttribute('aria-pressed', 'true');
});

test('a pick made before the scripts ran is kept when they do, and an ad token that rode on to user-info is kept there', async ({
  page,
}) => {
  await page.goto(`/demo?service=${encodeURIComponent('Facials')}`);
  await expect(serviceButton(page, 'Facials')).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/demo/Facials/user-info');

  await page.goto(`${WOMENS_HAIRCUT_USER_INFO}?rwg_token=from-an-ad`);
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('checkn.conversion') ?? '{}').token))
    .toBe('from-an-ad');
});

test("the customer's place in line and their chat show from the first HTML too, for them alone", async ({
  page,
  browser,
}) => {
  await openUserInfo(page);
  await fillAndConfirm(page);
  await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/demo\/checked-in\?waitId=/);
  await expect(page.getByRole('heading', { name: "You're on the list" })).toBeVisible();
  const checkedIn = page.url();
  const waitId = new URL(checkedIn).searchParams.get('waitId') ?? '';

  // The same phone with its scripts off: the server renders its visit from the cookie.
  const sameBrowser = await browser.newContext({
    storageState: await page.context().storageState(),
    javaScriptEnabled: false,
  });
  const noScript = await sameBrowser.newPage();
  await noScript.goto(checkedIn);
  await expect(noScript.getByRole('heading', { name: "You're on the list" })).toBeVisible();
  await expect(noScript.getByText(`for ${WOMENS_HAIRCUT}`)).toBeVisible();
  await noScript.goto(`/demo/chat?id=${waitId}`);
  await expect(noScript.getByPlaceholder('Write a message')).toBeVisible();
  await sameBrowser.close();

  // Another phone with the link gets nothing of it from the server.
  const otherPhone = await browser.newContext({ javaScriptEnabled: false });
  const other = await otherPhone.newPage();
  await other.goto(checkedIn);
  await expect(other.getByText(customer.name)).toHaveCount(0);
  await expect(other.getByText(`for ${WOMENS_HAIRCUT}`)).toHaveCount(0);
  await otherPhone.close();

  // And the page with its scripts hydrates from that HTML, live.
  await page.reload();
  await expect(page.getByRole('heading', { name: "You're on the list" })).toBeVisible();
});

test('the landing page comes alive without the router, which loads from the first tap, and Next stays in the page', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/demo');
  // The app's entry (index-…) and its router chunk are not part of the landing page.
  expect(scripts.filter((path) => /\/assets\/(index|router)-/.test(path))).toEqual([]);
  await page.evaluate(() => {
    (window as unknown as { samePage: boolean }).samePage = true;
  });

  await serviceButton(page, WOMENS_HAIRCUT).click();
  await expect.poll(() => scripts.some((path) => /\/assets\/router-/.test(path))).toBe(true);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your name and phone number' })).toBeFocused();
  expect(new URL(page.url()).pathname).toBe(WOMENS_HAIRCUT_USER_INFO);
  // No page load in between: what the landing page's window held is still there.
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);

  // Back is the app's own landing page now, and Next works from it as well.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Walk ins' })).toBeVisible();
  await expect(serviceButton(page, WOMENS_HAIRCUT)).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your name and phone number' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
});

test.describe('when the app cannot load behind the landing page', () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource/] });

  test('Next still reaches the user-info step, by loading that page', async ({ page }) => {
    await page.route('**/assets/router-*.js', (route) => route.abort());
    await page.goto('/demo');
    await serviceButton(page, WOMENS_HAIRCUT).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Enter your name and phone number' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(WOMENS_HAIRCUT_USER_INFO);
  });
});

test('nothing on a server-rendered page moves when it comes alive, the offer of notifications included', async ({
  page,
}) => {
  await openUserInfo(page);
  await fillAndConfirm(page);
  await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/demo\/checked-in\?waitId=/);
  const checkedIn = page.url();
  const waitId = new URL(checkedIn).searchParams.get('waitId') ?? '';

  // Every layout shift from the first paint on (https://web.dev/articles/cls), with what moved.
  await page.addInitScript(() => {
    const shifts: string[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources?: { node?: Node | null }[];
      })[]) {
        const moved = (entry.sources ?? []).map((source) =>
          source.node instanceof Element ? source.node.className : String(source.node?.nodeName),
        );
        shifts.push(`${entry.value.toFixed(4)} ${moved.join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const shiftsOn = async (url: string, shown: () => Promise<void>) => {
    await page.goto(url);
    await shown();
    // Two frames: a shift caused by what hydration rendered is reported by then.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    return page.evaluate(() => (window as unknown as { layoutShifts: string[] }).layoutShifts);
  };

  expect(
    await shiftsOn(checkedIn, () =>
      expect(page.getByRole('button', { name: 'Turn on notifications' })).toBeVisible(),
    ),
  ).toEqual([]);
  expect(await shiftsOn('/demo', () => expect(serviceButton(page, WOMENS_HAIRCUT)).toBeVisible())).toEqual(
    [],
  );
  expect(
    await shiftsOn(WOMENS_HAIRCUT_USER_INFO, () => expect(nameInput(page)).toHaveValue(customer.name)),
  ).toEqual([]);
  expect(
    await shiftsOn(`/demo/chat?id=${waitId}`, () =>
      expect(page.getByPlaceholder('Write a message')).toBeVisible(),
    ),
  ).toEqual([]);
});
