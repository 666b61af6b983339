import { type Page, expect, test } from '@playwright/test';
import { waitForHydration } from './support/hydration.ts';
import { setServerClock } from './support/clock.ts';
import { BASE_URL } from './support/env.ts';
import { signInByApi } from './support/pages.ts';
import { screenshots } from './support/screenshots.ts';

// Today, the admin's first page, and what the office is told of a reply that cannot leave. The e2e server has
// e-mail (its mailbox) and no SMS provider: a visitor who gave only a mobile number cannot be answered from here.

/** A mobile number of its own for each message: the server limits the messages of one sender an hour. */
const freshMobile = () => `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** A contact-form message with a mobile number and no e-mail address, posted as the form does. */
async function phoneOnlyInquiry(page: Page, subject: string, mobile = freshMobile()): Promise<void> {
  const token = await (await page.request.get('/api/inquiries/form-token')).json();
  // The form is accepted a few seconds after it was opened: the server's clock moves on instead of waiting.
  setServerClock(new Date(Date.now() + 10_000));
  try {
    const res = await page.request.post('/api/inquiries', {
      headers: { origin: BASE_URL },
      data: {
        first_name: 'Hari',
        last_name: 'Thapa',
        phone: mobile,
        email: '',
        subject,
        message: 'Is the hostel open in summer?',
        form_token: token.token,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  } finally {
    setServerClock(null);
  }
}

test('Today says what waits, each line linking to its page @phone', async ({ page }) => {
  await signInByApi(page);
  await phoneOnlyInquiry(page, `Hostel ${Date.now()}`);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(page.locator('.admission-status-line')).toContainText(
    /The public sees ADMISSION (OPEN|ENQUIRY|CLOSED)/u,
  );
  await expect(page.getByRole('region', { name: 'Backups and disk' })).toContainText('Free disk:');
  const inquiries = page.getByRole('link', { name: /^\d+ inquir(y|ies) not answered$/u });
  await expect(inquiries).toBeVisible();
  // Nothing on the page is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshots(page, 'admin-today');
  await inquiries.click();
  await expect(page).toHaveURL(/\/admin\/inquiries$/u);
});

for (const script of [true, false]) {
  test.describe(`a reply that cannot leave, ${script ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled: script });

    test('says why and whom to call, sends nothing, and the office marks it answered by phone', async ({ page }) => {
      const subject = `Summer hostel ${script ? 'js' : 'nojs'} ${Date.now()}`;
      const mobile = freshMobile();
      await signInByApi(page);
      await phoneOnlyInquiry(page, subject, mobile);
      await page.goto('/admin/inquiries');
      if (script) await waitForHydration(page);
      const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: subject }) });
      await expect(item).toContainText(`Cannot be sent: no e-mail address, and SMS is not set up — call ${mobile}.`);
      await expect(item.getByRole('link', { name: `Call ${mobile}` })).toHaveAttribute('href', `tel:${mobile}`);
      await expect(item.getByRole('button', { name: 'Send reply' })).toHaveCount(0);
      await screenshots(page, `admin-inquiry-cannot-send-${script ? 'js' : 'nojs'}`);
      await item.getByLabel('What was said on the phone (optional)').fill('Told him: open all year.');
      await item.getByRole('button', { name: 'Mark answered by phone' }).click();
      await expect(page.getByText('Marked answered by phone.')).toBeVisible();
      const after = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: subject }) });
      await expect(after.getByRole('heading', { name: subject })).toContainText('Answered');
      await expect(after).toContainText('Answered by phone by');
      await expect(after).toContainText('Told him: open all year.');
    });
  });
}
