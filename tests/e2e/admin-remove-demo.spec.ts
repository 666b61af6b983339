import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, type Page, expect, test } from '@playwright/test';
import { runScript } from '../ops/run-script.ts';
import { type ServerProcess, startServer } from '../ops/server-process.ts';
import { waitForHydration } from './support/hydration.ts';
import { screenshots } from './support/screenshots.ts';

// Each test is a fresh install of its own (a server on a free loopback port with a new data folder, seeded with
// the demo, and nobody signed up yet): removing the demo from the suite's shared server would take it away from
// every spec after this one. Seeding draws and encodes nine photos, so it is done once per worker, in a folder
// that each test copies while no server runs on it.
test.describe.configure({ timeout: 300_000 });

const OWNER = { name: 'Sita Owner', email: 'owner@college.test', password: 'a long owner passphrase here' };
const DEMO_NOTICE = 'Scholarship entrance examination schedule';
const NO_NOTICES = 'There are no notices at the moment. Please check again soon.';
const NO_PHOTOS = 'There are no photos in the gallery yet.';
const CHECKLIST_STEP = 'Remove the demo notices, photos and texts (an owner can, in one step)';
/** What a fresh install's demo is: its notices and photos, and the default texts still as shipped. */
const DEMO = '5 notices, 9 photos, 28 texts, 4 people, 1 download';
/** The demo college's town, which its default texts, address and map named. */
const DEMO_TOWN = /Bharatpur|Chitwan/u;

interface Install {
  server: ServerProcess;
  dataDir: string;
  /** The first owner's one-time link, as `npm run admin -- owner-link` prints it. */
  link: string;
  context: BrowserContext;
  page: Page;
}

let install: Install | undefined;

let seeded: Promise<string> | undefined;

/** A data folder seeded with the demo by a server that has since stopped; nobody signed up. */
async function seededFolder(): Promise<string> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-e2e-demo-seeded-'));
  const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true' }, 240_000);
  await server.stop();
  return dataDir;
}

async function freshInstall(browser: Browser, javaScriptEnabled: boolean, width: number): Promise<Install> {
  seeded ??= seededFolder();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-e2e-demo-'));
  await fs.cp(await seeded, dataDir, { recursive: true });
  const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true' }, 240_000);
  const printed = await runScript('admin', ['owner-link'], { DATA_DIR: dataDir, NODE_ENV: 'production' });
  const token = /\/welcome\/([A-Za-z0-9_-]+)\s*$/u.exec(printed.stdout)?.[1];
  if (!token) throw new Error(`owner-link printed no link: ${printed.stdout} ${printed.stderr}`);
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 900 } });
  const page = await context.newPage();
  return { server, dataDir, link: `${server.url}/welcome/${token}`, context, page };
}

test.afterAll(async () => {
  if (seeded) await fs.rm(await seeded, { recursive: true, force: true });
});

test.afterEach(async () => {
  if (!install) return;
  await install.context.close();
  await install.server.stop();
  await fs.rm(install.dataDir, { recursive: true, force: true });
  install = undefined;
});

/** Fills the first owner's form and chooses what becomes of the demo. */
async function createOwner(page: Page, link: string, choice: 'Start empty' | 'Keep the demo to look around') {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set up your site' })).toBeVisible();
  await page.getByLabel('Your name').fill(OWNER.name);
  await page.getByLabel('Your e-mail address').fill(OWNER.email);
  await page.getByLabel('New password').fill(OWNER.password);
  const choices = page.getByRole('group', { name: 'The demo content' });
  await expect(choices.getByRole('radio', { name: /Keep the demo to look around/u })).toBeChecked();
  await choices.getByRole('radio', { name: new RegExp(choice, 'u') }).check();
  await screenshots(page, 'welcome-demo-choice');
  await page.getByRole('button', { name: 'Finish setup' }).click();
  await expect(page.getByRole('heading', { name: 'Your site is set up' })).toBeVisible({ timeout: 60_000 });
}

async function signIn(page: Page, server: ServerProcess) {
  const res = await page.request.post(`${server.url}/api/auth/login`, {
    headers: { origin: server.url },
    data: { email: OWNER.email, password: OWNER.password },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The public pages: no demo notice or photo left, each list showing its empty state. */
async function expectPublicPagesEmpty(page: Page, server: ServerProcess) {
  await page.goto(`${server.url}/notices`);
  await expect(page.getByText(NO_NOTICES)).toBeVisible();
  await expect(page.getByText(DEMO_NOTICE)).toHaveCount(0);
  await screenshots(page, 'notices-empty');
  await page.goto(`${server.url}/gallery`);
  await expect(page.getByText(NO_PHOTOS)).toBeVisible();
  await expect(page.locator('main img')).toHaveCount(0);
  await screenshots(page, 'gallery-empty');
  await page.goto(server.url);
  await expect(page.getByText(DEMO_NOTICE)).toHaveCount(0);
  // The demo's texts are gone too, and a section left with nothing in it is left out, heading and all.
  await expect(page.locator('body')).not.toContainText(DEMO_TOWN);
  await expect(page.getByRole('heading', { name: 'Our courses' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'What our students say' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /Why choose/u })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'About us' })).toHaveCount(0);
  await screenshots(page, 'home-without-demo');
  await page.goto(`${server.url}/contact`);
  await expect(page.locator('body')).not.toContainText(DEMO_TOWN);
  await screenshots(page, 'contact-without-demo');
  // The screenshots leave the page at desktop width; the check is at the test's own width.
  await page.setViewportSize({ width: test.info().project.name === 'phone' ? 390 : 1280, height: 900 });
  for (const address of ['/notices', '/gallery', '/', '/contact', '/ne', '/ne/contact']) {
    await page.goto(`${server.url}${address}`);
    const wider = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(wider, `${address} is wider than the screen`).toBe(false);
  }
}

test('without JavaScript: the first owner chooses Start empty, and the site has no demo left @phone', async ({
  browser,
}, testInfo) => {
  const width = testInfo.project.name === 'phone' ? 390 : 1280;
  install = await freshInstall(browser, false, width);
  const { page, server, link } = install;
  await page.goto(`${server.url}/notices`);
  await expect(page.getByText(DEMO_NOTICE)).toBeVisible();

  await createOwner(page, link, 'Start empty');
  await expect(page.getByText(`The demo content is removed (${DEMO}).`)).toBeVisible();
  await expectPublicPagesEmpty(page, server);

  await signIn(page, server);
  await page.goto(`${server.url}/admin`);
  await expect(page.getByRole('heading', { name: 'Today' })).toBeVisible();
  await expect(page.getByRole('link', { name: CHECKLIST_STEP })).toHaveCount(0);
  await page.goto(`${server.url}/admin/demo`);
  await expect(page.getByText('No demo content is left on the site.')).toBeVisible();
});

test('without JavaScript: an owner keeps the demo, then removes it from Today, confirmed in the page @phone', async ({
  browser,
}, testInfo) => {
  const width = testInfo.project.name === 'phone' ? 390 : 1280;
  install = await freshInstall(browser, false, width);
  const { page, server, link } = install;
  await createOwner(page, link, 'Keep the demo to look around');
  await page.goto(`${server.url}/notices`);
  await expect(page.getByText(DEMO_NOTICE)).toBeVisible();

  await signIn(page, server);
  await page.goto(`${server.url}/admin`);
  await page.getByRole('link', { name: CHECKLIST_STEP }).click();
  await expect(page.getByRole('heading', { name: 'Remove the demo content' })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Still on the site from the demo: ${DEMO}` })).toBeVisible();
  await screenshots(page, 'admin-demo');
  await page.getByRole('button', { name: 'Remove the demo content' }).click();
  // The question is written into the page, with what removing does, and Cancel leads back.
  const step = page.getByRole('group', { name: 'Remove the demo content?' });
  await expect(step).toContainText(`${DEMO} that the site was installed with are deleted now`);
  await screenshots(page, 'admin-demo-confirm');
  await step.getByRole('button', { name: 'Remove the demo content' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Removed' })).toHaveText(
    `Removed ${DEMO} of the demo content.`,
  );
  await expect(page.getByText('No demo content is left on the site.')).toBeVisible();

  await page.goto(`${server.url}/admin`);
  await expect(page.getByRole('link', { name: CHECKLIST_STEP })).toHaveCount(0);
  await expectPublicPagesEmpty(page, server);
});

test('with JavaScript: an owner removes the demo through the dialog, and the public pages follow @phone', async ({
  browser,
}, testInfo) => {
  const width = testInfo.project.name === 'phone' ? 390 : 1280;
  install = await freshInstall(browser, true, width);
  const { page, server, link } = install;
  await createOwner(page, link, 'Keep the demo to look around');

  await signIn(page, server);
  await page.goto(`${server.url}/admin/demo`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Remove the demo content' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove the demo content?' });
  await expect(dialog).toContainText(`${DEMO} that the site was installed with are deleted now`);
  await dialog.getByRole('button', { name: 'Remove the demo content' }).click();
  await expect(page.getByText(`Removed ${DEMO} of the demo content.`).first()).toBeVisible();
  await expect(page.getByText('No demo content is left on the site.')).toBeVisible();
  await expectPublicPagesEmpty(page, server);
});
