import { openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';
import { overflowsHorizontally, WOMENS_HAIRCUT } from './support/walk-in.ts';

test('on a 390 px phone the per-service and per-provider tables show every column, no-shows included, without scrolling sideways', async ({
  browser,
}) => {
  const owner = await openConsole(browser);
  const me = await (await owner.request.get('/api/v1/staff/me')).json();
  const headers = { 'x-csrf-token': me.csrfToken };
  const board = await (await owner.request.get('/api/v1/staff/board')).json();
  const provider = board.providers[0] as { id: string; name: string };
  // A no-show of the longest service's name, so each table has a row with every figure filled in.
  const added = await owner.request.post('/api/v1/staff/walk-ins', {
    data: {
      serviceType: WOMENS_HAIRCUT,
      name: `Phone Table ${Date.now() % 100000}`,
      providerId: provider.id,
    },
    headers,
  });
  expect(added.status()).toBe(201);
  const { waitId } = await added.json();
  for (const action of ['call', 'no-show'])
    expect(
      (await owner.request.post(`/api/v1/staff/wait-entries/${waitId}/${action}`, { headers })).ok(),
    ).toBe(true);

  // On the laptop, a table as ever: one header row, the numbers under it.
  await owner.goto('/console/insights');
  const services = owner.getByRole('table', { name: 'Per service' });
  await expect(services.getByRole('columnheader', { name: 'No-shows' })).toBeVisible();
  await expect(
    services.getByRole('row', { name: /^Women's Haircut\/Style / }).getByText('No-shows'),
  ).toBeHidden();

  await owner.setViewportSize({ width: 390, height: 844 });
  for (const [table, rowName] of [
    ['Per service', WOMENS_HAIRCUT],
    ['Per provider', provider.name],
  ] as const) {
    // Still a table to a screen reader, with its column headers and a header per row.
    const figures = owner.getByRole('table', { name: table });
    await expect(figures.getByRole('columnheader', { name: 'No-shows' })).toBeAttached();
    const row = figures
      .getByRole('row')
      .filter({ has: owner.getByRole('rowheader', { name: rowName, exact: true }) });
    const noShows = row.getByRole('cell').nth(2);
    await expect(noShows).toHaveAccessibleName(/^\d+ of \d+ \(\d+ %\)$/);
    // On screen, as the table first shows (the page scrolled down to the row, nothing sideways):
    // the figure, whole, under its column's name.
    await row.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 200));
    await expect(noShows).toBeInViewport({ ratio: 1 });
    await expect(noShows.getByText('No-shows', { exact: true })).toBeVisible();
    await expect(row.getByText('Average wait', { exact: true })).toBeInViewport({ ratio: 1 });
  }
  expect(await overflowsHorizontally(owner)).toBe(false);
  await owner.context().close();
});

test('on a phone, arrivals over many hours scroll sideways in their own labelled region, from the keyboard too', async ({
  browser,
}) => {
  const owner = await openConsole(browser);
  // A week busy at every hour (the browser tests' data arrive within a few hours of each other).
  await owner.route(
    (url) => url.pathname === '/api/v1/staff/insights',
    async (route) => {
      const response = await route.fetch();
      const insights = await response.json();
      const arrivals = Array.from({ length: 7 }, (_, day) =>
        Array.from({ length: 24 }, (_, hour) => day + hour + 1),
      );
      await route.fulfill({ response, json: { ...insights, arrivals } });
    },
  );
  await owner.setViewportSize({ width: 390, height: 844 });
  await owner.goto('/console/insights');
  const grid = owner.getByRole('region', { name: 'Arrivals by day of the week and hour' });
  await expect(grid.getByRole('table')).toBeVisible();
  // The grid scrolls, not the page.
  expect(await grid.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  expect(await overflowsHorizontally(owner)).toBe(false);
  // Focusable in every browser (Chromium would focus a scroller by itself; Safari would not).
  await expect(grid).toHaveAttribute('tabindex', '0');
  await grid.focus();
  await expect(grid).toBeFocused();
  await owner.keyboard.press('ArrowRight');
  await expect.poll(() => grid.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  await owner.context().close();
});

test('on a 320 px and a 390 px phone every bar of the joins and the funnel shows, its number beside it', async ({
  browser,
}) => {
  const owner = await openConsole(browser);
  // Joins on each day and a funnel with every step taken, so every bar has a length.
  await owner.route(
    (url) => url.pathname === '/api/v1/staff/insights',
    async (route) => {
      const response = await route.fetch();
      const insights = await response.json();
      const days = insights.days.map((day: { day: string }, index: number) => ({ ...day, joins: index + 1 }));
      const funnel = { landing: 40, serviceNext: 30, userInfoNext: 20, joined: 10 };
      await route.fulfill({ response, json: { ...insights, days, funnel } });
    },
  );
  await owner.goto('/console/insights');
  for (const width of [320, 390]) {
    await owner.setViewportSize({ width, height: 844 });
    for (const [chart, busiest] of [
      ['Walk-ins per day', '7'],
      ['The walk-in funnel', '40'],
    ] as const) {
      const bars = owner.getByRole('list', { name: chart });
      const busiestValue = bars.getByText(busiest, { exact: true });
      await busiestValue.scrollIntoViewIfNeeded();
      await expect(busiestValue).toBeInViewport({ ratio: 1 });
      // The longest bar takes a fair share of the row, not the sliver left beside its label.
      const [row, fill] = await Promise.all([
        bars.getByRole('listitem').first().boundingBox(),
        bars
          .locator('.bars__fill')
          .evaluateAll((fills) => Math.max(...fills.map((element) => element.getBoundingClientRect().width))),
      ]);
      expect(fill, `${chart} at ${width} px`).toBeGreaterThan(row!.width / 4);
    }
    expect(await overflowsHorizontally(owner)).toBe(false);
  }
  await owner.context().close();
});
