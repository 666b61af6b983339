import { type Page, expect, test } from '@playwright/test';
import { NOTICE_ATTACHMENT_LIMITS } from '#common/notices/notice-attachments.ts';
import { makePdf } from '../../server/pdf/test-pdfs.ts';
import { photoJpeg } from './support/admin-photo.ts';
import { waitForHydration } from './support/hydration.ts';
import { signInByApi } from './support/pages.ts';

// A notice is created with a signed PDF and a photo of the paper attached, with and without JavaScript;
// /notices shows the PDF's first page, the notice's page shows both files, and the edit page removes one.
// Each test deletes the notice it made. PDFs are drawn in a worker and photos resized: slow on a busy machine.
test.setTimeout(150_000);

const MB = 1024 * 1024;
const SHOTS = process.env.E2E_SHOTS_DIR;

/** A title unique to this test and project (both projects share one server). */
const titleFor = (name: string) => `E2E ${name} ${test.info().project.name} ${Date.now() % 1e6}`;

async function fillText(page: Page, title: string) {
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('The examination routine is attached as a PDF and a photo.');
}

async function noticeByTitle(page: Page, title: string) {
  const { notices } = (await (await page.request.get('/api/notices')).json()) as {
    notices: { id: string; title: string; attachments: { kind: string; bytes: number }[] }[];
  };
  return notices.find((n) => n.title === title);
}

async function deleteNotice(page: Page, id: string) {
  const res = await page.request.delete(`/api/admin/notices/${id}`, {
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.status()).toBe(204);
}

/** /notices shows the PDF's first page small on the card; its link is the PDF, served as the notice's name. */
async function checkCard(page: Page, title: string) {
  await page.goto('/notices');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  const thumb = card.getByRole('img', { name: `PDF of ${title}` });
  await expect(thumb).toBeVisible();
  expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const href = await card.getByRole('link', { name: `PDF of ${title}` }).getAttribute('href');
  expect(href).toMatch(/^\/attachments\/[0-9a-f-]+\/[a-z0-9-]+\.pdf$/u);
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()).toMatchObject({
    'content-type': 'application/pdf',
    'x-content-type-options': 'nosniff',
    'content-security-policy': 'sandbox',
  });
  expect(pdf.headers()['content-disposition']).toMatch(/^inline; filename="e2e-[a-z0-9-]+\.pdf"$/u);
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await card.getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test('with JavaScript: a PDF and a scan attached while creating, shown on the notice page, one removed on the edit page @phone', async ({
  page,
}) => {
  const title = titleFor('attached');
  await signInByApi(page);
  await page.goto('/admin/addnewnotice');
  await waitForHydration(page);
  await fillText(page, title);
  await page.getByLabel(/Attachments/u).setInputFiles([
    { name: 'routine.pdf', mimeType: 'application/pdf', buffer: makePdf({ pages: 3 }) },
    { name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg(600, 800) },
  ]);
  await page.getByRole('button', { name: 'Add notice' }).click();
  await expect(page).toHaveURL(/\/admin\/notice$/u, { timeout: 120_000 });

  await checkCard(page, title);
  // The notice's page: the PDF's first page linking to it, its download with size, name and pages; the scan opens full size.
  const files = page.getByRole('list', { name: 'Attachments' });
  await expect(files.getByRole('listitem')).toHaveCount(2);
  const firstPage = files.getByRole('img', { name: `First page of the PDF of ${title}` });
  await expect(firstPage).toBeVisible();
  expect(await firstPage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(files.getByRole('link', { name: /^Download PDF \(\d+ KB\)$/u })).toHaveAttribute('href', /\.pdf$/u);
  await expect(files.getByText(/^e2e-[a-z0-9-]+\.pdf, 3 pages$/u)).toBeVisible();
  const full = files.getByRole('link', { name: /Open full size/u });
  const scan = await page.request.get((await full.getAttribute('href'))!);
  expect(scan.headers()['content-type']).toBe('image/jpeg');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/notice-page-${test.info().project.name}.png`, fullPage: true });

  // The edit page lists both and removes the scan.
  const notice = await noticeByTitle(page, title);
  await page.goto(`/admin/notice/${notice!.id}/edit`);
  await waitForHydration(page);
  const editor = page.getByRole('region', { name: 'Attachments' });
  await expect(editor.getByRole('listitem')).toHaveCount(2);
  await expect(editor.getByText(/^1\. PDF, \d+ KB, 3 pages/u)).toBeVisible();
  await expect(editor.getByText(/^2\. Photo, \d+ KB/u)).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/edit-page-${test.info().project.name}.png`, fullPage: true });
  await editor.getByRole('button', { name: 'Remove attachment 2' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Attachment removed.')).toBeVisible();
  await expect(editor.getByRole('listitem')).toHaveCount(1);

  // And adds another, with the upload's progress, to the end of the list.
  await editor.getByLabel(/Attachments/u).setInputFiles({
    name: 'page-2.jpg',
    mimeType: 'image/jpeg',
    buffer: await photoJpeg(500, 700),
  });
  await editor.getByRole('button', { name: 'Add attachments' }).click();
  await expect(page.getByText('Attachments added.')).toBeVisible({ timeout: 60_000 });
  await expect(editor.getByRole('listitem')).toHaveCount(2);
  expect((await noticeByTitle(page, title))?.attachments.map((a) => a.kind)).toEqual(['pdf', 'image']);
  await deleteNotice(page, notice!.id);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('about 16 MB of files post with the add form, and one is removed on the edit page', async ({ page }) => {
    const title = titleFor('no-JS');
    await signInByApi(page);
    await page.goto('/admin/addnewnotice');
    await fillText(page, title);
    const big = makePdf({ pages: 2, totalBytes: 8 * MB });
    await page.getByLabel(/Attachments/u).setInputFiles([
      { name: 'routine.pdf', mimeType: 'application/pdf', buffer: big },
      { name: 'results.pdf', mimeType: 'application/pdf', buffer: makePdf({ pages: 1, totalBytes: 8 * MB }) },
      { name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg(600, 800) },
    ]);
    await page.getByRole('button', { name: 'Add notice' }).click();
    await expect(page.getByRole('status')).toHaveText('Notice created successfully.', { timeout: 120_000 });
    const notice = await noticeByTitle(page, title);
    expect(notice?.attachments.map((a) => [a.kind, a.bytes])).toEqual([
      ['pdf', 8 * MB],
      ['pdf', 8 * MB],
      ['image', expect.any(Number)],
    ]);
    await checkCard(page, title);
    await expect(page.getByRole('link', { name: 'Download PDF (8 MB)' })).toHaveCount(2);

    await page.goto(`/admin/notice/${notice!.id}/edit`);
    const editor = page.getByRole('region', { name: 'Attachments' });
    await editor.getByRole('button', { name: 'Remove attachment 1' }).click();
    // Without JavaScript the question is written into the page, with a real form that posts the removal.
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Attachment removed.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Attachments' }).getByRole('listitem')).toHaveCount(2);
    expect((await noticeByTitle(page, title))?.attachments.map((a) => a.kind)).toEqual(['pdf', 'image']);
    await deleteNotice(page, notice!.id);
  });

  test('a PDF over its limit is refused with a clear message, the typed text kept and nothing saved', async ({
    page,
  }) => {
    const title = titleFor('too big');
    await signInByApi(page);
    await page.goto('/admin/addnewnotice');
    await fillText(page, title);
    await page.getByLabel(/Attachments/u).setInputFiles({
      name: 'scan.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf({ totalBytes: NOTICE_ATTACHMENT_LIMITS.pdfBytes + 100_000 }),
    });
    await page.getByRole('button', { name: 'Add notice' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to create notice.' });
    await expect(alert).toContainText(`larger than ${NOTICE_ATTACHMENT_LIMITS.pdfBytes / 1024 / 1024} MB`, {
      timeout: 60_000,
    });
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await expect(page.getByLabel('Description')).toHaveValue(/examination routine/u);
    expect(await noticeByTitle(page, title)).toBeUndefined();
  });
});
