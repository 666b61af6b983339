import { expect, test } from '@playwright/test';
import { makePdf } from '#server/pdf/test-pdfs.ts';
import { formatAccessKey } from '#common/admission/access-key.ts';
import { openDb } from '#server/db/db.ts';
import { uploadsDir } from '#server/storage/create-storage.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import { giveAccessKey } from '#server/test-support/access-key.ts';
import { type ApplicationFixture, removeApplications, seedApplications } from '#server/test-support/applications.ts';
import { statusLookup } from './support/application-status.ts';
import { BASE_URL, E2E_DATA_DIR } from './support/env.ts';
import { receivedMail } from './support/mailbox.ts';
import { signInByApi } from './support/pages.ts';

// The office's correction request reaches the guardian by e-mail (through the e2e SMTP mailbox), in the
// language the application was made in, and its status link leads to the page where the applicant sends the
// corrected document. The office's side in the admin and the status page's upload in English are tested in
// admin-applications.spec.ts and admission-apply.spec.ts.
let f: ApplicationFixture;
/** The application's access key, as the family has it from the confirmation. */
let key = '';
const guardian = `guardian-${Date.now()}@example.com`;
const db = () => openDb({ dataDir: E2E_DATA_DIR });

test.beforeAll(async () => {
  const conn = db();
  try {
    f = await seedApplications(conn, createLocalStorage(uploadsDir(E2E_DATA_DIR)), {
      count: 1,
      withFiles: 1,
      override: () => ({ row: { language: 'ne', email: guardian, state: 'submitted', birth_date: '2068-05-12' } }),
    });
    key = await giveAccessKey(conn, f.applications[0]!.reference);
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

test('a guardian is e-mailed the correction asked in Nepali, opens the status link and sends the corrected document', async ({
  page,
  browser,
}) => {
  const [app] = f.applications;
  const office = await browser.newPage();
  await signInByApi(office);
  const asked = await office.request.post(`/api/admin/applications/${app!.id}/state`, {
    headers: { origin: BASE_URL },
    data: { to: 'needs-correction', message: 'ग्रेड सिटको फोटो धमिलो छ: सफा फोटो पठाउनुहोस्।' },
  });
  expect(asked.status(), await asked.text()).toBe(204);
  await office.close();

  const mail = await receivedMail(guardian, `आवेदन ${app!.reference}: सच्याउनुपर्छ`);
  expect(mail.text).toContain(`सीता को आवेदन, सन्दर्भ ${app!.reference}`);
  // The date in B.S., in Nepali digits and month names.
  expect(mail.text).toMatch(/[०-९]+ (बैशाख|जेठ|असार|साउन|भदौ|असोज|कात्तिक|मंसिर|पुस|माघ|फागुन|चैत) [०-९]{4}/u);
  expect(mail.text).toContain('कार्यालयको सन्देश:\nग्रेड सिटको फोटो धमिलो छ: सफा फोटो पठाउनुहोस्।');
  // Nothing that would open the status page without the family: no access key, no date of birth.
  expect(mail.text).not.toContain(formatAccessKey(key));
  expect(mail.text).not.toContain(key);
  expect(mail.text).not.toMatch(/2068|२०६८/u);
  const url = /https?:\/\/\S+\/ne\/admission\/status/u.exec(mail.text ?? '')?.[0];
  expect(url).toBe(`${BASE_URL}/ne/admission/status`);

  await page.goto(url!);
  const lookup = statusLookup(page);
  await lookup.getByLabel('सन्दर्भ नम्बर').fill(app!.reference);
  await lookup.getByLabel('पहुँच कुञ्जी').fill(formatAccessKey(key));
  await page.getByRole('button', { name: 'अवस्था हेर्नुहोस्' }).click();
  await expect(page.getByText('ग्रेड सिटको फोटो धमिलो छ: सफा फोटो पठाउनुहोस्।')).toBeVisible();
  await page.getByLabel('कागजात', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('फाइलहरू').setInputFiles({
    name: 'grade-sheet-clear.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf({ pages: 1 }),
  });
  await page.getByRole('button', { name: 'सच्याइएको कागजात पठाउनुहोस्' }).click();
  await expect(page.getByText('धन्यवाद: सच्याइएको कागजात प्राप्त भयो, कलेजले फेरि जाँच्नेछ।')).toBeVisible();

  // Back with the office: received again, to be checked.
  const conn = db();
  try {
    const row = await conn
      .selectFrom('applications')
      .select('state')
      .where('id', '=', app!.id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('submitted');
  } finally {
    await conn.destroy();
  }
});
