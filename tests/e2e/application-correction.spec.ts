import { type Page, expect, test } from '@playwright/test';
import { makePdf } from '#server/pdf/test-pdfs.ts';
import { openDb } from '#server/db/db.ts';
import { uploadsDir } from '#server/storage/create-storage.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import { giveAccessKey } from '#server/test-support/access-key.ts';
import {
  type ApplicationFixture,
  fixtureJpeg,
  removeApplications,
  seedApplications,
} from '#server/test-support/applications.ts';
import { openStatusWithKey } from './support/application-status.ts';
import { chooseFirstFiles } from './support/hydration.ts';
import { BASE_URL, E2E_DATA_DIR } from './support/env.ts';
import { signInByApi } from './support/pages.ts';
import { screenshots } from './support/screenshots.ts';

// A correction the parent can finish: the office names the documents to send again, the status page offers
// those (the first chosen, its file types accepted), and a file the server refuses keeps the parent on their
// application with the reason beside the field, never back on the empty look-up form: with JavaScript (the
// browser's own check first) and without, in English and Nepali, at desktop and phone widths.
let f: ApplicationFixture;
const keys = new Map<string, string>();
const db = () => openDb({ dataDir: E2E_DATA_DIR });
let next = 0;

test.beforeAll(async () => {
  const conn = db();
  try {
    f = await seedApplications(conn, createLocalStorage(uploadsDir(E2E_DATA_DIR)), {
      count: 12,
      withFiles: 12,
      override: () => ({ row: { state: 'submitted' } }),
    });
    for (const app of f.applications) keys.set(app.reference, await giveAccessKey(conn, app.reference));
  } finally {
    await conn.destroy();
  }
});

test.afterAll(async () => {
  const conn = db();
  try {
    await removeApplications(conn, f);
  } finally {
    await conn.destroy();
  }
});

/** A fresh application of the fixture, which the office asks (through its API) to send the documents again. */
async function askedToCorrect(page: Page, documents: string[]): Promise<{ reference: string; key: string }> {
  const app = f.applications[next++]!;
  const office = await page.context().browser()!.newPage();
  await signInByApi(office);
  const asked = await office.request.post(`/api/admin/applications/${app.id}/state`, {
    headers: { origin: BASE_URL },
    data: { to: 'needs-correction', message: 'Send the document again: it cannot be read.', documents },
  });
  expect(asked.status(), await asked.text()).toBe(204);
  const detail = await office.request.get(`/api/admin/applications/${app.id}`);
  expect(((await detail.json()) as { correctionDocuments: string[] }).correctionDocuments).toEqual(documents);
  await office.close();
  return { reference: app.reference, key: keys.get(app.reference)! };
}

const documentChoice = (page: Page) => page.locator('select[name=kind]');
const filesInput = (page: Page) => page.locator('input[type=file][name=files]');

async function stateOf(reference: string): Promise<string> {
  const conn = db();
  try {
    const row = await conn
      .selectFrom('applications')
      .select('state')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    return row.state;
  } finally {
    await conn.destroy();
  }
}

test.describe('with JavaScript @phone', () => {
  test('the grade sheet asked for is offered and chosen, and its PDF is received', async ({ page }) => {
    const { reference, key } = await askedToCorrect(page, ['grade-sheet']);
    await openStatusWithKey(page, '/admission/status', reference, key);
    await expect(page.getByText('Send the document again: it cannot be read.')).toBeVisible();
    await expect(documentChoice(page)).toHaveValue('grade-sheet');
    await expect(documentChoice(page).locator('option')).toHaveText(['SEE grade sheet']);
    await expect(filesInput(page)).toHaveAttribute('accept', /application\/pdf/u);
    await filesInput(page).setInputFiles({ name: 'grade-sheet.pdf', mimeType: 'application/pdf', buffer: makePdf() });
    await page.getByRole('button', { name: 'Send the corrected document' }).click();
    await expect(page.getByText('Thank you: the corrected document was received')).toBeVisible();
    expect(await stateOf(reference)).toBe('submitted');
  });

  test('a PDF chosen for the photo is refused in the browser beside the field; a file the server refuses keeps the status view', async ({
    page,
  }) => {
    const { reference, key } = await askedToCorrect(page, ['photo', 'grade-sheet']);
    await openStatusWithKey(page, '/admission/status', reference, key);
    await expect(documentChoice(page)).toHaveValue('photo');
    await expect(documentChoice(page).locator('option')).toHaveText(['Passport-size photo', 'SEE grade sheet']);
    await chooseFirstFiles(filesInput(page), { name: 'photo.pdf', mimeType: 'application/pdf', buffer: makePdf() });
    await expect(page.locator('#field-files-error')).toContainText('photo.pdf');
    await expect(filesInput(page)).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    // The grade sheet takes a PDF: choosing it widens the input.
    await documentChoice(page).selectOption('grade-sheet');
    await expect(filesInput(page)).toHaveAttribute('accept', /application\/pdf/u);
    await documentChoice(page).selectOption('photo');

    // A JPEG by its first bytes that is no picture: the browser cannot tell, the server refuses it.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(400, 7)]);
    await filesInput(page).setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: broken });
    await page.getByRole('button', { name: 'Send the corrected document' }).click();
    await expect(page.getByRole('heading', { name: reference })).toBeVisible();
    await expect(page.locator('#field-files-error')).toBeVisible();
    await expect(filesInput(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(documentChoice(page)).toHaveValue('photo');
    expect(page.url()).not.toContain(key);
    expect(await stateOf(reference)).toBe('needs-correction');
  });
});

test.describe('without JavaScript @phone', () => {
  test.use({ javaScriptEnabled: false });

  test('a PDF sent for the photo is refused beside the field on the status view, then the photo is received', async ({
    page,
  }) => {
    const { reference, key } = await askedToCorrect(page, ['photo']);
    await openStatusWithKey(page, '/admission/status', reference, key);
    await expect(documentChoice(page)).toHaveValue('photo');
    await expect(documentChoice(page).locator('option')).toHaveText(['Passport-size photo']);
    await expect(filesInput(page)).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    await filesInput(page).setInputFiles({ name: 'photo.pdf', mimeType: 'application/pdf', buffer: makePdf() });
    await page.getByRole('button', { name: 'Send the corrected document' }).click();

    await expect(page.getByRole('heading', { name: reference })).toBeVisible();
    await expect(page.locator('#field-files-error')).toHaveText('This file is not a JPEG, PNG or WebP photo.');
    await expect(page.getByText('Send the document again: it cannot be read.')).toBeVisible();
    // The look-up form below holds the application, not a refusal of its own.
    await expect(page.locator('form.apply-lookup [role=alert]').first()).toBeEmpty();
    expect(page.url()).toBe(`${BASE_URL}/admission/status`);
    expect(await stateOf(reference)).toBe('needs-correction');
    await screenshots(page, 'correction-refused');

    await filesInput(page).setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await fixtureJpeg() });
    await page.getByRole('button', { name: 'Send the corrected document' }).click();
    await expect(page.getByText('Thank you: the corrected document was received')).toBeVisible();
    expect(await stateOf(reference)).toBe('submitted');
  });

  test('in Nepali: the refusal is in Nepali beside the field, on the status view', async ({ page }) => {
    const { reference, key } = await askedToCorrect(page, ['character']);
    await openStatusWithKey(page, '/ne/admission/status', reference, key);
    await expect(documentChoice(page)).toHaveValue('character');
    await expect(filesInput(page)).toHaveAttribute('accept', /application\/pdf/u);
    await filesInput(page).setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByRole('button', { name: 'सच्याइएको कागजात पठाउनुहोस्' }).click();
    await expect(page.getByRole('heading', { name: reference })).toBeVisible();
    await expect(page.locator('#field-files-error')).toHaveText(/[\u0900-\u097F]/u);
    expect(await stateOf(reference)).toBe('needs-correction');
  });
});
