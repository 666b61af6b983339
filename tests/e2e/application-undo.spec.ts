import { type Page, expect, test } from '@playwright/test';
import type { ApplicationFixture } from '#server/test-support/applications.ts';
import { violations } from './support/axe.ts';
import { BASE_URL } from './support/env.ts';
import { signInByApi } from './support/pages.ts';
import { dropResultsSeason, publishMeritNow, seedResultsSeason } from './support/results-season.ts';
import { screenshots } from './support/screenshots.ts';

// Undo of a seat change (decision 0053). Science has one seat: applicant 0 is offered it on results day, 1 and 2
// wait in that order. The office withdraws 0 (the confirmation names 1, who gets the seat), then undoes it: 0 has
// its offer back and 1 is back on the waiting list, told nothing (the e2e server has no SMS provider and the
// applicants no e-mail, so the offer to 1 has not left). Once 1 accepts the seat, Undo gives way to its reason.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

let f: ApplicationFixture;
const ROLL = 7301;

test.beforeAll(async ({ browser }) => {
  ({ f } = await seedResultsSeason({ roll: ROLL, marks: [9000, 8000, 7000], seats: 1 }));
  await publishMeritNow(browser, f.seasonId);
});

test.afterAll(async ({ browser }) => {
  await dropResultsSeason(browser, f);
});

const openApplication = (page: Page, i: number) => page.goto(`/admin/applications/${f.applications[i]!.id}`);
const stateOf = (page: Page) => page.locator('.admin-page__lead .application-state');
const nameOf = (i: number) => f.applications[i]!.nameEn;

/** The page is no wider than the screen. */
async function fitsTheScreen(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

test('@phone the office withdraws an offer, is told who gets the seat, and undoes it: both are as before', async ({
  page,
}) => {
  await signInByApi(page);
  const next = nameOf(1);
  const reference = f.applications[1]!.reference;
  await openApplication(page, 0);
  await expect(stateOf(page)).toHaveText('Offered');

  await page.getByRole('button', { name: 'Withdrawn', exact: true }).click();
  const ask = page.getByRole('dialog', { name: 'Withdraw this application?' });
  await expect(ask).toContainText(`The seat goes at once to ${next} (${reference})`);
  await ask.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(stateOf(page)).toHaveText('Withdrawn');

  const undo = page.locator('.application-decision__undo');
  await expect(undo).toContainText(`${next} (${reference}) goes back to their place on the waiting list`);
  await expect(undo).toContainText('has not left and is cancelled');
  expect(await violations(page)).toEqual([]);
  await fitsTheScreen(page);
  await screenshots(page, 'application-undo-offer');

  await undo.getByRole('button', { name: 'Undo the withdrawal' }).click();
  const sure = page.getByRole('dialog', { name: 'Undo the withdrawal?' });
  await expect(sure).toContainText('It gets its offer back');
  await sure.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(page.getByText("Withdrawal undone: back to 'Offered'.")).toBeVisible();
  await expect(stateOf(page)).toHaveText('Offered');
  await expect(page.locator('.application-decision__undo')).toHaveCount(0);

  await openApplication(page, 1);
  await expect(stateOf(page)).toHaveText('Waitlisted');
  await expect(page.getByText('was undone before it was told: back at its place on the waiting list')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the withdrawal and its undo each ask first in the page, and both applications are restored', async ({
    page,
  }) => {
    await signInByApi(page);
    const next = nameOf(1);
    await openApplication(page, 0);
    await expect(stateOf(page)).toHaveText('Offered');
    await page.getByRole('button', { name: 'Withdrawn', exact: true }).click();
    const step = page.getByRole('group', { name: 'Withdraw this application?' });
    await expect(step).toContainText(`The seat goes at once to ${next}`);
    await step.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(stateOf(page)).toHaveText('Withdrawn');

    await page.getByRole('button', { name: 'Undo the withdrawal' }).click();
    const sure = page.getByRole('group', { name: 'Undo the withdrawal?' });
    await expect(sure).toContainText(`${next} (${f.applications[1]!.reference}) goes back to their place`);
    await sure.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(page.getByText("Withdrawal undone: back to 'Offered'.")).toBeVisible();
    await expect(stateOf(page)).toHaveText('Offered');
    await openApplication(page, 1);
    await expect(stateOf(page)).toHaveText('Waitlisted');
  });
});

test('@phone once the next applicant accepted the seat, the page gives the reason instead of Undo', async ({
  page,
}) => {
  await signInByApi(page);
  const next = nameOf(1);
  const withdrawn = await page.request.post(`/api/admin/applications/${f.applications[0]!.id}/state`, {
    headers: { origin: BASE_URL },
    data: { to: 'withdrawn', confirmWithdrawal: true },
  });
  expect(withdrawn.status(), await withdrawn.text()).toBe(204);
  const paid = await page.request.post(`/api/admin/offers/${f.applications[1]!.id}/confirm`, {
    headers: { origin: BASE_URL },
    data: { how: 'fee-paid' },
  });
  expect(paid.status(), await paid.text()).toBe(204);

  await openApplication(page, 0);
  const refused = page.locator('.application-decision__undo--refused');
  await expect(refused).toContainText('Undo is no longer possible.');
  await expect(refused).toContainText(`${next} (${f.applications[1]!.reference}) accepted the seat and is admitted`);
  await expect(page.getByRole('button', { name: 'Undo the withdrawal' })).toHaveCount(0);
  // Restoring (decision 0049) is still offered: onto the waiting list, the seat staying with the one admitted.
  await expect(page.getByRole('button', { name: 'Restore to ‘Waitlisted’' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await fitsTheScreen(page);
  await screenshots(page, 'application-undo-refused');
});
