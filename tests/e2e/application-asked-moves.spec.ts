import { type Page, expect, test } from '@playwright/test';
import type { ApplicationFixture } from '#server/test-support/applications.ts';
import { violations } from './support/axe.ts';
import { signInByApi } from './support/pages.ts';
import { dropResultsSeason, publishMeritNow, seedResultsSeason } from './support/results-season.ts';
import { screenshots } from './support/screenshots.ts';

// The office's moves that cannot be taken back, besides 'Withdrawn' (application-undo.spec.ts): an offered
// application put back on the waiting list (its seat passes to the next waiting) and 'Rejected' (final) each
// ask first, saying what they do; cancelled, nothing moves. Science has one seat: applicant 0 is offered it on
// results day, 1 and 2 wait in that order.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

let f: ApplicationFixture;

test.beforeAll(async ({ browser }) => {
  ({ f } = await seedResultsSeason({ roll: 7401, marks: [9000, 8000, 7000], seats: 1 }));
  await publishMeritNow(browser, f.seasonId);
});

test.afterAll(async ({ browser }) => {
  await dropResultsSeason(browser, f);
});

const openApplication = (page: Page, i: number) => page.goto(`/admin/applications/${f.applications[i]!.id}`);
const stateOf = (page: Page) => page.locator('.admin-page__lead .application-state');
const who = (i: number) => `${f.applications[i]!.nameEn} (${f.applications[i]!.reference})`;

test('@phone putting an offer back on the waiting list and rejecting each ask first with what they do', async ({
  page,
}) => {
  await signInByApi(page);
  await openApplication(page, 0);
  await expect(stateOf(page)).toHaveText('Offered');
  await page.getByRole('button', { name: 'Waitlisted', exact: true }).click();
  const back = page.getByRole('dialog', { name: `Put ${who(0)} back on the waiting list?` });
  await expect(back).toContainText(`The seat goes at once to ${who(1)}, next on the waiting list, who is told.`);
  await back.getByRole('button', { name: 'Cancel' }).click();
  await expect(back).toHaveCount(0);
  await expect(stateOf(page)).toHaveText('Offered');

  await openApplication(page, 2);
  await expect(stateOf(page)).toHaveText('Waitlisted');
  await page.getByRole('button', { name: 'Rejected', exact: true }).click();
  const reject = page.getByRole('dialog', { name: `Reject ${who(2)}?` });
  await expect(reject).toContainText('Rejected is final');
  expect(await violations(page)).toEqual([]);
  await screenshots(page, 'application-reject-asked');
  await reject.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(stateOf(page)).toHaveText('Rejected');
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the question is written into the page; confirmed, the seat passes to the next waiting', async ({ page }) => {
    await signInByApi(page);
    await openApplication(page, 0);
    await page.getByRole('button', { name: 'Waitlisted', exact: true }).click();
    const step = page.getByRole('group', { name: `Put ${who(0)} back on the waiting list?` });
    await expect(step).toContainText(`The seat goes at once to ${who(1)}`);
    await step.getByRole('button', { name: 'Put back on the waiting list' }).click();
    await expect(stateOf(page)).toHaveText('Waitlisted');
    await openApplication(page, 1);
    await expect(stateOf(page)).toHaveText('Offered');
  });
});
