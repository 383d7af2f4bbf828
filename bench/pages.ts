/**
 * BENCH_ONLY=pages: Lighthouse 12 (mobile emulation and throttling, its defaults) on the customer
 * pages a walk-in opens, beside a floor page built and served in the same run: React 19 and
 * react-dom rendering one button, built by Vite with our precompression and served with our
 * static settings, so the gap is what our pages add. Three runs per page, the median of each
 * figure. Also the time from `npm start` to a healthy server on existing data (issue 14, part 5).
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import react from '@vitejs/plugin-react';
import * as chromeLauncher from 'chrome-launcher';
import Fastify, { type FastifyInstance } from 'fastify';
import { navigation } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { build } from 'vite';
import { staleReason } from '../scripts/build-if-stale.mjs';
import { LANGUAGE_COOKIE, type Language } from '../src/shared/languages.ts';
import { precompressAssets } from '../vite.config.ts';
import { onCleanup } from './cleanup.ts';
import { type LoadResult, runLoad } from './http-load.ts';
import { findFreePort, spawnServer } from './server-process.ts';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = 3;
const COMPANY_ID = 'demo';
/** A service the demo seeds (src/server/seed/demo.ts). */
const SERVICE = 'Facials';
const STORAGE_KEY_SESSION = 'checkn.customerSession';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Inside the repository so the floor's imports find our node_modules; bench/results is ignored. */
const WORK_DIR = fileURLToPath(new URL('./results/', import.meta.url));

/** BENCH_PAGES_REPORTS=<folder>: each run's full Lighthouse report is written there (what the long tasks are). */
const REPORTS_DIR = process.env.BENCH_PAGES_REPORTS;

const TARGET_PERFORMANCE = 98;
const TARGET_LCP_RATIO = 1.0;
const TARGET_LANDING_JS_RATIO = 1.25;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

export interface PageFigures {
  name: string;
  url: string;
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  transferBytes: number;
  scriptBytes: number;
  runs: number;
  /** Audits below 1 in the median run's categories other than performance: what to fix. */
  failing: string[];
}

export interface PagesReport {
  lines: string[];
  targets: { name: string; pass: boolean; detail: string }[];
  data: {
    floor: PageFigures;
    pages: PageFigures[];
    start: StartFigures | null;
    rendering: RenderingFigures | null;
  };
}

/** What rendering a page on the server costs, against a static file from the same server. */
interface RenderingFigures {
  page: LoadResult;
  staticFile: LoadResult;
}

const RENDER_LOAD_SECONDS = 5;
const RENDER_LOAD_CONNECTIONS = 10;

/**
 * The server renders every customer page (decisions/0008): its landing page under load, beside
 * `/robots.txt` (a file sent as it is) from the same process in the same minute.
 */
async function measureRendering(baseUrl: string): Promise<RenderingFigures> {
  const load = (label: string, pagePath: string) =>
    runLoad({
      label,
      url: baseUrl,
      method: 'GET',
      seconds: RENDER_LOAD_SECONDS,
      connections: RENDER_LOAD_CONNECTIONS,
      nextRequest: () => ({ path: pagePath, headers: { 'accept-encoding': 'br' }, body: '' }),
    });
  const staticFile = await load('robots.txt', '/robots.txt');
  const page = await load('landing page', `/${COMPANY_ID}`);
  return { page, staticFile };
}

// ---- the floor page ----

const FLOOR_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="The floor: React rendering one button." />
    <title>Floor</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/main.jsx"></script>
  </body>
</html>
`;
const FLOOR_MAIN = `import { createRoot } from 'react-dom/client';
createRoot(document.getElementById('root')).render(<button type="button">Join the wait list</button>);
`;

async function buildFloor(dir: string): Promise<string> {
  const root = path.join(dir, 'src');
  mkdirSync(path.join(root, 'public'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), FLOOR_HTML);
  writeFileSync(path.join(root, 'main.jsx'), FLOOR_MAIN);
  writeFileSync(path.join(root, 'public', 'robots.txt'), 'User-agent: *\nAllow: /\n');
  const outDir = path.join(dir, 'dist');
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [react(), precompressAssets()],
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  return outDir;
}

/** The same static settings as src/server/app.ts: precompressed, immutable hashed assets. */
async function serveFloor(dir: string): Promise<{ baseUrl: string; app: FastifyInstance }> {
  const app = Fastify({ logger: false });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
  await app.register(fastifyStatic, {
    root: dir,
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (hashed) res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  const port = await findFreePort();
  await app.listen({ port, host: '127.0.0.1' });
  return { baseUrl: `http://127.0.0.1:${port}`, app };
}

// ---- our pages ----

/** A customer in line, as the checked-in and chat pages need one: their session and visit. */
async function joinAsCustomer(baseUrl: string): Promise<{ session: string; waitId: string }> {
  const signIn = await fetch(`${baseUrl}/api/v1/customers/anonymous`, { method: 'POST' });
  const session = (await signIn.json()) as { customerId: string; token: string };
  if (signIn.status !== 201) throw new Error(`anonymous sign-in answered ${signIn.status}`);
  const join = await fetch(`${baseUrl}/api/v1/companies/${COMPANY_ID}/wait-list`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${session.token}`,
      'idempotency-key': `bench-pages-${Date.now()}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ serviceType: SERVICE, name: 'Bench Walker', phoneNumber: '+14155550199' }),
  });
  const body = (await join.json()) as { waitId?: string };
  if (join.status !== 201 || !body.waitId)
    throw new Error(`join answered ${join.status}: ${JSON.stringify(body)}`);
  return { session: JSON.stringify(session), waitId: body.waitId };
}

// ---- Lighthouse ----

interface Run {
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  transferBytes: number;
  scriptBytes: number;
  failing: string[];
}

/**
 * One cold load: the origin's storage, service workers and the HTTP cache cleared by hand, so
 * the page may be handed its stored session first (Lighthouse's own reset would wipe it).
 */
async function runLighthouse(
  browser: Browser,
  url: string,
  localStorage: Record<string, string>,
  reportName: string,
  language: Language | null,
): Promise<Run> {
  const page = await browser.newPage();
  try {
    const origin = new URL(url).origin;
    const cdp = await page.createCDPSession();
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    if (Object.keys(localStorage).length > 0) {
      await page.goto(`${origin}/robots.txt`);
      await page.evaluate((entries) => {
        for (const [key, value] of entries) window.localStorage.setItem(key, value);
      }, Object.entries(localStorage));
      // The cookie the anonymous sign-in sets beside it: the server renders the customer's own page.
      const session = localStorage[STORAGE_KEY_SESSION];
      const token = session ? (JSON.parse(session) as { token?: string }).token : undefined;
      if (token) await page.setCookie({ name: 'checkn_customer', value: token, url: origin, httpOnly: true });
    }
    // The reader's stored choice (docs/languages.md): the page and its words in that language.
    if (language) await page.setCookie({ name: LANGUAGE_COOKIE, value: language, url: origin });
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    const result = await navigation(page, url, {
      flags: { disableStorageReset: true, logLevel: 'error', onlyCategories: [...CATEGORIES] },
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    if (REPORTS_DIR) {
      mkdirSync(REPORTS_DIR, { recursive: true });
      writeFileSync(path.join(REPORTS_DIR, `${reportName}.json`), JSON.stringify(lhr));
      const trace = (result.artifacts as { Trace?: unknown }).Trace;
      if (trace) writeFileSync(path.join(REPORTS_DIR, `${reportName}.trace.json`), JSON.stringify(trace));
    }
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests =
      (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
    const failing = CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${id}: ${ref.id}`),
    );
    return {
      scores: Object.fromEntries(
        CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
      ) as Record<Category, number>,
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      transferBytes: numeric('total-byte-weight'),
      scriptBytes: requests
        .filter((item) => item.resourceType === 'Script')
        .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      failing,
    };
  } finally {
    await page.close();
  }
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function measurePage(
  browser: Browser,
  name: string,
  url: string,
  localStorage: Record<string, string>,
  progress: (message: string) => void,
  language: Language | null = null,
): Promise<PageFigures> {
  const runs: Run[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    progress(`pages: Lighthouse on ${name} (${run} of ${RUNS})`);
    // Lighthouse now and then loses its trace on a loaded machine (NO_NAVSTART): one more try.
    runs.push(
      await runLighthouse(browser, url, localStorage, `${name}-${run}`, language).catch((error: unknown) => {
        progress(`pages: ${(error as Error).message}; trying once more`);
        return runLighthouse(browser, url, localStorage, `${name}-${run}`, language);
      }),
    );
  }
  const medianRun = [...runs].sort((a, b) => a.scores.performance - b.scores.performance)[
    Math.floor(RUNS / 2)
  ]!;
  return {
    name,
    url,
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, median(runs.map((r) => r.scores[id]))])) as Record<
      Category,
      number
    >,
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    transferBytes: median(runs.map((r) => r.transferBytes)),
    scriptBytes: median(runs.map((r) => r.scriptBytes)),
    runs: RUNS,
    failing: medianRun.failing,
  };
}

// ---- npm start on existing data ----

export interface StartFigures {
  npmStartSeconds: number;
  /** Why `npm start` built first (another hand changed the sources since the bench's build), or null. */
  builtFirst: string | null;
  serverAloneSeconds: number;
}

/** `npm start`, then `node dist/server/main.js` alone, each on the data folder the pages used. */
async function timeStarts(dataDir: string): Promise<StartFigures> {
  const builtFirst = staleReason(ROOT);
  const npmStartSeconds = await timeNpmStart(dataDir);
  const started = performance.now();
  const server = await spawnServer({ DATA_DIR: dataDir, SEED_DEMO: 'auto' });
  const stop = onCleanup(`start-time server (pid ${server.pid})`, () => server.stop(), server.killNow);
  try {
    await server.ready();
    return { npmStartSeconds, builtFirst, serverAloneSeconds: (performance.now() - started) / 1000 };
  } finally {
    await stop();
  }
}

/** Seconds from `npm start` to GET /api/health answering, on a data folder that already exists. */
async function timeNpmStart(dataDir: string): Promise<number> {
  const port = await findFreePort();
  const started = performance.now();
  // Its own process group: npm runs a shell that runs node, and all of them stop together.
  const child: ChildProcess = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.homedir(),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
  });
  /** Whether any process of the group is left: npm may exit before the server it started has. */
  const groupAlive = (pid: number) => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const stopGroup = async () => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
    const { pid } = child;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-pid, 'SIGTERM');
    const timer = setTimeout(() => groupAlive(pid) && process.kill(-pid, 'SIGKILL'), 20_000);
    await exited;
    // The server still closing holds the data folder's lock: the next start would find it taken.
    while (groupAlive(pid)) await new Promise((resolve) => setTimeout(resolve, 25));
    clearTimeout(timer);
  };
  const release = onCleanup(`npm start (pid ${child.pid})`, stopGroup, () => {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  });
  try {
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
          signal: AbortSignal.timeout(1_000),
        });
        if (response.ok) return (performance.now() - started) / 1000;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('npm start: not healthy after 120 s');
  } finally {
    await release();
  }
}

// ---- the part ----

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const msText = (value: number) => `${Math.round(value)} ms`;

function formatRow(figures: PageFigures, floor: PageFigures | null): string {
  const ratio = (value: number, base: number) => (floor ? ` (${(value / base).toFixed(2)}×)` : '');
  const s = figures.scores;
  return (
    `  ${figures.name.padEnd(12)}${`${s.performance}/${s.accessibility}/${s['best-practices']}/${s.seo}`.padStart(16)}` +
    `${`${msText(figures.lcpMs)}${ratio(figures.lcpMs, floor?.lcpMs ?? 1)}`.padStart(18)}` +
    `${msText(figures.tbtMs).padStart(10)}${kb(figures.transferBytes).padStart(12)}` +
    `${`${kb(figures.scriptBytes)}${ratio(figures.scriptBytes, floor?.scriptBytes ?? 1)}`.padStart(20)}`
  );
}

export async function benchPages(options: { progress: (message: string) => void }): Promise<PagesReport> {
  const { progress } = options;
  mkdirSync(WORK_DIR, { recursive: true });
  const workDir = mkdtempSync(path.join(WORK_DIR, 'pages-'));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'checkn-bench-pages-'));
  const removeDirs = () => {
    rmSync(workDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };
  const releaseDirs = onCleanup(`temp folders ${workDir}, ${dataDir}`, async () => removeDirs(), removeDirs);
  try {
    progress('pages: building the floor page (React 19 + react-dom, one button)');
    const floorDir = await buildFloor(workDir);
    const floorServer = await serveFloor(floorDir);
    const releaseFloor = onCleanup('floor page server', () => floorServer.app.close());

    progress('pages: starting node dist/server/main.js with the demo seeded');
    const server = await spawnServer({ DATA_DIR: dataDir, SEED_DEMO: 'auto' });
    const stopServer = onCleanup(`pages server (pid ${server.pid})`, () => server.stop(), server.killNow);
    await server.ready();
    const customer = await joinAsCustomer(server.baseUrl);

    progress(`pages: launching ${CHROMIUM}`);
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    const stopChrome = onCleanup(
      `chromium (pid ${chrome.pid})`,
      async () => chrome.kill(),
      () => chrome.kill(),
    );
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    let floor: PageFigures;
    const pages: PageFigures[] = [];
    try {
      const signedIn = { [STORAGE_KEY_SESSION]: customer.session };
      floor = await measurePage(browser, 'floor', `${floorServer.baseUrl}/`, {}, progress);
      const base = `${server.baseUrl}/${COMPANY_ID}`;
      pages.push(await measurePage(browser, 'landing', base, {}, progress));
      // In other languages too (issue 27): the page downloads that language's words, no other.
      for (const language of ['es', 'vi'] as const) {
        pages.push(await measurePage(browser, `landing-${language}`, base, {}, progress, language));
      }
      pages.push(
        await measurePage(
          browser,
          'user-info',
          `${base}/${encodeURIComponent(SERVICE)}/user-info`,
          {},
          progress,
        ),
      );
      pages.push(
        await measurePage(
          browser,
          'checked-in',
          `${base}/checked-in?waitId=${customer.waitId}`,
          signedIn,
          progress,
        ),
      );
      pages.push(
        await measurePage(browser, 'chat', `${base}/chat?id=${customer.waitId}`, signedIn, progress),
      );
    } finally {
      await browser.disconnect();
      await stopChrome();
      await releaseFloor();
      // Stopped here, unless Lighthouse got through: then the rendering is measured first.
      if (pages.length < 6) await stopServer();
    }
    let rendering: RenderingFigures | null = null;
    try {
      progress('pages: the landing page rendered under load, beside a static file');
      rendering = await measureRendering(server.baseUrl);
    } finally {
      await stopServer();
    }

    progress('pages: timing npm start on the existing data folder');
    let start: StartFigures | null = null;
    try {
      start = await timeStarts(dataDir);
    } catch (error) {
      progress(`pages: npm start could not be timed: ${(error as Error).message}`);
    }

    const lines = [
      `Pages: Lighthouse 12 mobile (its throttling), median of ${RUNS} cold loads; the floor is React 19 rendering one button`,
      `  ${'page'.padEnd(12)}${'perf/a11y/bp/seo'.padStart(16)}${'LCP (× floor)'.padStart(18)}${'TBT'.padStart(10)}` +
        `${'transfer'.padStart(12)}${'JS sent (× floor)'.padStart(20)}`,
      formatRow(floor, null),
      ...pages.map((figures) => formatRow(figures, floor)),
      ...pages.flatMap((figures) =>
        figures.failing.map((audit) => `  ${figures.name}: not passing ${audit}`),
      ),
      start === null
        ? '  npm start on existing data: not measured'
        : `  npm start on existing data: healthy after ${start.npmStartSeconds.toFixed(2)} s` +
          `${start.builtFirst ? ` (it built first: ${start.builtFirst})` : ''}; ` +
          `node dist/server/main.js alone: ${start.serverAloneSeconds.toFixed(2)} s`,
      rendering === null
        ? '  rendering under load: not measured'
        : `  rendering under load (${RENDER_LOAD_CONNECTIONS} connections, ${RENDER_LOAD_SECONDS} s each): ` +
          `landing page ${Math.round(rendering.page.requestsPerSecond)} req/s, p99 ${rendering.page.p99Ms} ms; ` +
          `robots.txt ${Math.round(rendering.staticFile.requestsPerSecond)} req/s, p99 ${rendering.staticFile.p99Ms} ms ` +
          `(${(rendering.page.requestsPerSecond / rendering.staticFile.requestsPerSecond).toFixed(2)}×)`,
    ];
    const targets = [
      ...pages.map((figures) => ({
        name: `pages: ${figures.name} performance >= ${TARGET_PERFORMANCE}`,
        pass: figures.scores.performance >= TARGET_PERFORMANCE,
        detail: String(figures.scores.performance),
      })),
      ...pages.map((figures) => ({
        name: `pages: ${figures.name} LCP <= ${TARGET_LCP_RATIO.toFixed(1)}× floor`,
        pass: figures.lcpMs <= floor.lcpMs * TARGET_LCP_RATIO,
        detail: `${msText(figures.lcpMs)} vs ${msText(floor.lcpMs)}`,
      })),
      ...pages.map((figures) => ({
        name: `pages: ${figures.name} accessibility, best practices, SEO 100`,
        pass: CATEGORIES.every((id) => id === 'performance' || figures.scores[id] === 100),
        detail: `${figures.scores.accessibility}/${figures.scores['best-practices']}/${figures.scores.seo}`,
      })),
      ...pages
        .filter((figures) => figures.name.startsWith('landing'))
        .map((figures) => ({
          name: `pages: ${figures.name} JS <= ${TARGET_LANDING_JS_RATIO}× floor`,
          pass: figures.scriptBytes <= floor.scriptBytes * TARGET_LANDING_JS_RATIO,
          detail: `${kb(figures.scriptBytes)} vs ${kb(floor.scriptBytes)}`,
        })),
      {
        name: 'pages: npm start on existing data <= 2 s',
        pass: start !== null && start.npmStartSeconds <= 2,
        detail: start === null ? 'not measured' : `${start.npmStartSeconds.toFixed(2)} s`,
      },
    ];
    return { lines, targets, data: { floor, pages, start, rendering } };
  } finally {
    await releaseDirs();
  }
}
