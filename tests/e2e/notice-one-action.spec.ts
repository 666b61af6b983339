import { type Page, expect, test } from '@playwright/test';
import { makePdf } from '../../server/pdf/test-pdfs.ts';
import { waitForHydration } from './support/hydration.ts';
import { signInByApi } from './support/pages.ts';

// A notice and its attachments are one action, with and without JavaScript: a fake PDF refuses the whole
// notice (nothing on /notices), the form comes back with the text, the refusal and the good file kept on the
// server; saving again publishes the notice once, with that file.
test.setTimeout(150_000);
const SHOTS = process.env.E2E_SHOTS_DIR;
const titleFor = (name: string) => `E2E ${name} ${test.info().project.name} ${Date.now() % 1e6}`;

async function publicCount(page: Page, title: string) {
  const { notices } = (await (await page.request.get('/api/notices')).json()) as {
    notices: { id: string; title: string; attachments: { kind: string }[] }[];
  };
  return notices.filter((n) => n.title === title);
}

async function refuseThenPublish(page: Page, js: boolean) {
  const title = titleFor(js ? 'one action' : 'one action no-JS');
  await signInByApi(page);
  await page.goto('/admin/addnewnotice');
  if (js) await waitForHydration(page);
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('The examination routine is attached as a signed PDF.');
  await page.getByLabel(/^Attachments/u).setInputFiles([
    { name: 'routine.pdf', mimeType: 'application/pdf', buffer: makePdf({ pages: 1 }) },
    { name: 'results.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ\x90\x00 a program, renamed') },
  ]);
  // From here the browser's clock is the test's: the toasts' time passes below without waiting for it.
  await page.clock.install();
  await page.getByRole('button', { name: 'Add notice' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Failed to create notice.' });
  await expect(alert).toContainText('results.pdf: The file is not a PDF', { timeout: 60_000 });
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByLabel('routine.pdf')).toBeChecked();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
  if (SHOTS) {
    await page.screenshot({
      path: `${SHOTS}/add-notice-refused-${js ? 'js' : 'nojs'}-${test.info().project.name}.png`,
      fullPage: true,
    });
  }
  // Still there after the toasts' time: the refusal waits for the admin.
  await page.clock.fastForward(6000);
  await expect(alert).toBeVisible();
  // Not published: a visitor sees nothing.
  expect(await publicCount(page, title)).toEqual([]);
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(new URL('/notices', page.url()).href);
  await expect(visitor.getByRole('heading', { name: title })).toHaveCount(0);
  await visitor.close();

  // The bad file is gone from the form; saving again publishes once, with the good file.
  await page.getByRole('button', { name: 'Add notice' }).click();
  if (js) await expect(page).toHaveURL(/\/admin\/notice$/u, { timeout: 60_000 });
  else await expect(page.getByRole('status')).toHaveText('Notice created successfully.', { timeout: 60_000 });
  const published = await publicCount(page, title);
  expect(published.map((n) => n.attachments.map((a) => a.kind))).toEqual([['pdf']]);
  const res = await page.request.delete(`/api/admin/notices/${published[0]!.id}`, {
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.status()).toBe(204);
}

test('with JavaScript: a refused attachment publishes nothing and keeps the form and the accepted file @phone', async ({
  page,
}) => {
  await refuseThenPublish(page, true);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('a refused attachment publishes nothing and keeps the form and the accepted file @phone', async ({ page }) => {
    await refuseThenPublish(page, false);
  });
});
