import fs from 'node:fs';
import os from 'node:os';
import { defineConfig } from '@playwright/test';

// E2E_PORT lets a second run (another checkout on the same machine) use a port of its own.
const PORT = Number(process.env.E2E_PORT ?? 3199);
const BASE_URL = `http://127.0.0.1:${PORT}`;

/**
 * A fresh embedded database for every run. Playwright loads this file in the runner and again in
 * each worker; workers inherit the runner's environment, so only the runner makes (and removes)
 * the folder.
 */
function e2eDataDir(): string {
  const inherited = process.env.CHECKN_E2E_DATA_DIR;
  if (inherited) return inherited;
  const dir = fs.mkdtempSync(`${os.tmpdir()}/checkn-e2e-`);
  process.env.CHECKN_E2E_DATA_DIR = dir;
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * One instant for the whole run, inherited like the folder: the seeded history's "days ago" and
 * the tests' expected days count from it (tests/e2e/support/history.ts).
 */
function e2eStartedAt(): string {
  process.env.CHECKN_E2E_STARTED_AT ??= new Date().toISOString();
  return process.env.CHECKN_E2E_STARTED_AT;
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // Two cores: the server, the browser and one test at a time.
  workers: 1,
  retries: 0,
  reporter: 'list',
  // Hang guards for the first page load on a busy machine, not speed limits.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium-phone',
      use: {
        browserName: 'chromium',
        // The Debian package: browsers cannot be downloaded on this machine.
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 1,
      },
    },
  ],
  webServer: {
    // The past visits go in before the server takes the folder (tests/e2e/support/seed-history.ts).
    command: 'npm run build && npx tsx tests/e2e/support/seed-history.ts && node dist/server/main.js',
    url: `${BASE_URL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      // The address the browser uses: the poster's QR code and the texts' links carry it.
      PUBLIC_URL: BASE_URL,
      DATA_DIR: e2eDataDir(),
      CHECKN_E2E_STARTED_AT: e2eStartedAt(),
      LOG_LEVEL: 'warn',
      // The pseudo-locale for tests/e2e/pseudo-locale.spec.ts (docs/languages.md): a cookie picks it.
      PSEUDO_LOCALE: '1',
      // Every test signs in and joins from the same IP within a minute.
      RATE_LIMIT_JOINS_PER_MINUTE: '10000',
      RATE_LIMIT_JOINS_PER_IP_PER_HOUR: '10000',
      RATE_LIMIT_SIGN_INS_PER_MINUTE: '10000',
      // Specs add people to the demo business all through the run.
      RATE_LIMIT_STAFF_LINKS_PER_HOUR: '10000',
      // Tests and benchmarks join many times with one number; the limits' own tests set them.
      TEXT_LIMIT_PER_NUMBER: '1000000',
      TEXT_LIMIT_PER_BUSINESS_PER_DAY: '1000000',
      JOIN_LIMIT_PER_PHONE_PER_HOUR: '1000000',
    },
  },
});
