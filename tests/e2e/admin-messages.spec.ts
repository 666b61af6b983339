import { type Page, expect, test } from '@playwright/test';
import { sendAfterFillingTime } from './support/clock.ts';
import { E2E_OFFICE_EMAIL } from './support/env.ts';
import { receivedMail } from './support/mailbox.ts';
import { gotoEnhanced, waitForHydration } from './support/hydration.ts';
import { signInByApi } from './support/pages.ts';

/** Opens an admin page and waits until React has hydrated it. */
async function gotoAdmin(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

test.describe('the office hears of a contact message and answers it by e-mail', () => {
  test('the alert reaches the office’s mailbox, and the reply sent from the admin reaches the visitor’s', async ({
    page,
  }, testInfo) => {
    const visitor = `visitor.${Date.now()}@example.com`;
    const subject = `Hostel for Grade 11 (${Date.now()})`;
    await gotoEnhanced(page, '/contact');
    const fields = {
      'First Name': 'Sita',
      'Last Name': 'Example',
      'Contact No.': '9800000000',
      Email: visitor,
      Subject: subject,
      Message: 'Is there a hostel for girls?',
    };
    for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
    await sendAfterFillingTime(async () => {
      await page.getByRole('button', { name: 'Send message' }).click();
      await expect(page.getByRole('status')).toHaveText(/your message has been received/i);
    });

    const alert = await receivedMail(E2E_OFFICE_EMAIL, `New message from the website: ${subject}`);
    expect(alert.text).toContain('Is there a hostel for girls?');
    expect(alert.text).toContain(visitor);

    await signInByApi(page);
    await gotoAdmin(page, '/admin/inquiries');
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: subject }) });
    await expect(item.getByRole('combobox', { name: 'State' })).toHaveValue('new');
    await item
      .getByLabel(`Reply by e-mail to ${visitor}`)
      .fill('Yes: the girls’ hostel has 40 beds. Visit the office any day.');
    await item.getByRole('button', { name: 'Send reply' }).click();
    // The answer names the way the reply goes and to whom.
    await expect(page.getByText(`Reply saved. It goes by e-mail to ${visitor} in the background`)).toBeVisible();
    await expect(item.getByRole('combobox', { name: 'State' })).toHaveValue('answered');
    await expect(item.getByText(/Yes: the girls’ hostel has 40 beds/u)).toBeVisible();

    await page.screenshot({ path: testInfo.outputPath('admin-inquiries.png') });
    const reply = await receivedMail(visitor, `Re: ${subject}`);
    expect(reply.text).toContain('Dear Sita,');
    expect(reply.text).toContain('Yes: the girls’ hostel has 40 beds. Visit the office any day.');
    expect(reply.text).toContain('> Is there a hostel for girls?');

    // The delivery log shows both, sent.
    await gotoAdmin(page, '/admin/messages');
    const log = page.getByRole('list').filter({ hasText: visitor });
    await expect(log.getByRole('listitem').filter({ hasText: `E-mail to ${visitor}` })).toContainText('Sent');
    await page.screenshot({ path: testInfo.outputPath('admin-messages-log.png'), fullPage: true });
  });

  test('an owner sends a test e-mail and reads the server’s answer @phone', async ({ page }, testInfo) => {
    await signInByApi(page);
    await gotoAdmin(page, '/admin/messages');
    // An address of this run's own: the mailbox keeps what the desktop and phone runs were sent.
    const owner = `owner.test.${testInfo.project.name}.${Date.now()}@example.com`;
    await page.getByLabel('Send a test e-mail to').fill(owner);
    await page.getByRole('button', { name: 'Send a test e-mail' }).click();
    await expect(page.getByText(/Sent\. The server answered: 250/u).first()).toBeVisible();
    await receivedMail(owner, 'Test e-mail from the Orbit College website');
    await page.screenshot({ path: testInfo.outputPath(`admin-messages-${testInfo.project.name}.png`), fullPage: true });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
  });
});
