import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { BASE_URL, SERVER_ENV } from './tests/e2e/support/env.ts';

// Debian's Chromium, not a Playwright download (none is reachable here); scripts/check-chromium.mjs checks it.
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Chromium writes its config and cache under the home folder unless told otherwise.
const browserHome = path.join(os.tmpdir(), 'orbit-e2e-chromium');
process.env.XDG_CONFIG_HOME = path.join(browserHome, 'config');
process.env.XDG_CACHE_HOME = path.join(browserHome, 'cache');

const CI = Boolean(process.env.CI);
/** One width only (E2E_PROJECT=desktop): CI's second Node pass, where the browser's layout is not what changes. */
const E2E_PROJECT = process.env.E2E_PROJECT;
/** E2E_GREP=<regexp>: only the tests whose title matches. */
const E2E_GREP = process.env.E2E_GREP ? new RegExp(process.env.E2E_GREP, 'u') : undefined;
/**
 * E2E_SPECS=smoke,auth: only those spec files (tests/e2e/<name>.spec.ts). CI's Node 24 pass runs a few
 * flows there (pages hydrated, a sign-in, forms with files) against the server on Node 24; its ops tests
 * already serve the built pages and page forms from real server processes on Node 24.
 */
const E2E_SPECS = process.env.E2E_SPECS?.split(',').map((name) => `**/${name.trim()}.spec.ts`);

/**
 * Every test runs at desktop width. At phone width only the tests whose title, or whose describe's
 * title, carries the tag @phone: those where the width changes what happens or what is checked (the
 * phone menu and the navigation folded into it, layouts and "no wider than the screen" checks, the
 * admin area and forms whose layout changes, axe on the public pages and the admin layout, image
 * loading that depends on the viewport). A test that branches on `testInfo.project.name === 'phone'`
 * must carry the tag, or its phone branch never runs. A new test opts in deliberately:
 *   test('the menu opens @phone', async ({ page }) => { ... });
 * `npx playwright test --list --project=phone` lists them.
 */
const PHONE_TAG = /@phone\b/u;

export default defineConfig({
  testDir: 'tests/e2e',
  ...(E2E_SPECS ? { testMatch: E2E_SPECS } : {}),
  // A folder per part when scripts/e2e-shards.mjs runs several at once (each empties its own at start).
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  // One worker: every test talks to the same server and database, and some of them change its content.
  workers: 1,
  fullyParallel: false,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', grep: E2E_GREP, use: { viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      grep: PHONE_TAG,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 },
    },
  ].filter((p) => !E2E_PROJECT || p.name === E2E_PROJECT),
  webServer: {
    // `npm run test:e2e` builds the pages first; this only starts the built server on a fresh DATA_DIR.
    command: 'node scripts/e2e-server.mjs',
    url: `${BASE_URL}/api/health`,
    env: SERVER_ENV,
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
