import { expect, test } from '@playwright/test';
import type { ApplicationFixture } from '#server/test-support/applications.ts';
import { openStatusWithKey } from './support/application-status.ts';
import { BASE_URL } from './support/env.ts';
import { signInByApi } from './support/pages.ts';
import { dropResultsSeason, seedResultsSeason } from './support/results-season.ts';

// The offer's voucher on the status page is checked in the browser as it is chosen, as the application's files
// are: a 20 MB photo is refused at once, in the server's words, and never sent.
test.describe.configure({ mode: 'serial' });

let f: ApplicationFixture;
let keys: string[] = [];

test.beforeAll(async () => {
  ({ f, keys } = await seedResultsSeason({ roll: 7501, marks: [9000], seats: 1 }));
});

test.afterAll(async ({ browser }) => {
  await dropResultsSeason(browser, f);
});

test('a voucher photo larger than 10 MB is refused as it is chosen, before anything is sent @phone', async ({
  page,
}) => {
  // A merit list published and a 20 MB file handed to the browser: 30-32 s on a slow 2-core machine.
  test.setTimeout(90_000);
  await signInByApi(page);
  const res = await page.request.post(`/api/admin/merit/${f.seasonId}/publish`, {
    headers: { origin: BASE_URL },
    data: {},
  });
  expect([200, 409]).toContain(res.status());
  await openStatusWithKey(page, '/admission/status', f.applications[0]!.reference, keys[0]!);
  const form = page.locator('form.apply-offer__voucher');
  await expect(form).toBeVisible();
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(r.url());
  });
  const big = Buffer.alloc(20 * 1024 * 1024);
  big.set([0xff, 0xd8, 0xff, 0xe0]);
  await form
    .locator('input[name=voucher_file]')
    .setInputFiles({ name: 'voucher.jpg', mimeType: 'image/jpeg', buffer: big });
  await expect(form.getByRole('alert')).toContainText('This file is larger than 10 MB.');
  expect(await form.locator('input[name=voucher_file]').evaluate((i: HTMLInputElement) => i.files?.length ?? 0)).toBe(
    0,
  );
  expect(posts).toEqual([]);
});
