import { expect, test } from '@playwright/test';
import { gotoHydrated } from './support/hydration.ts';

const VALID = {
  'First Name': 'Sita',
  'Last Name': 'Example',
  'Contact No.': '9800000000',
  Email: 'sita@example.com',
  Subject: 'Admission for Grade 11',
  Message: 'Please tell me about the science course and the fees.',
};

test.describe('contact page', () => {
  test('shows the address, phone numbers as tel: links and the e-mail as a mailto: link', async ({ page }) => {
    await page.goto('/contact');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    await expect(main.getByText('Bharatpur-05, Bikash Chowk')).toBeVisible();
    await expect(main.getByRole('link', { name: '056-418307' })).toHaveAttribute('href', /^tel:\+?\d+$/);
    await expect(main.getByRole('link', { name: '9855060414' })).toHaveAttribute('href', /^tel:\+?\d+$/);
    await expect(main.getByText(/Third number to be confirmed/)).toBeVisible();
    await expect(main.locator('a[href^="tel:"]')).toHaveCount(2);
    await expect(main.locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(main.locator('a[href^="mailto:"]')).toBeVisible();
  });

  test('talks to no third party before the visitor asks for the map', async ({ page, baseURL }) => {
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    // The map host is not reachable here; answer its requests so nothing waits on them.
    await page.route(/google\./, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<p>map</p>' }),
    );
    await gotoHydrated(page, '/contact');
    await page.waitForLoadState('networkidle');
    await page.getByRole('main').scrollIntoViewIfNeeded();
    const origin = new URL(baseURL!).origin;
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((url) => new URL(url).origin !== origin)).toEqual([]);

    await expect(page.getByRole('img', { name: /Sketch map/ })).toBeVisible();
    const openLink = page.getByRole('link', { name: /Open in Google Maps/ });
    await expect(openLink).toHaveAttribute('target', '_blank');
    await expect(page.locator('iframe')).toHaveCount(0);

    await page.getByRole('button', { name: 'Show map' }).click();
    const map = page.locator('iframe[title^="Google map"]');
    await expect(map).toBeVisible();
    await expect(map).toHaveAttribute('src', /google\.[a-z.]+\/maps/);
    await expect.poll(() => requested.some((url) => /google\./.test(new URL(url).hostname))).toBe(true);
  });

  test('sends the form and shows that it was received', async ({ page }) => {
    await gotoHydrated(page, '/contact');
    for (const [label, value] of Object.entries(VALID)) await page.getByLabel(label, { exact: true }).fill(value);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/inquiries') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Send message' }).click();
    expect((await answer).status()).toBe(201);
    await expect(page.getByRole('status')).toHaveText(/your message has been received/i);
    await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('');
  });

  test('shows validation errors next to the fields before sending anything', async ({ page }) => {
    await gotoHydrated(page, '/contact');
    let posted = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/inquiries')) posted = true;
    });
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('alert')).toHaveText(/Please correct/);
    await expect(page.getByText('First name is required.')).toBeVisible();
    await expect(page.getByLabel('First Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('First Name', { exact: true })).toBeFocused();

    for (const [label, value] of Object.entries(VALID)) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByLabel('Contact No.', { exact: true }).fill('call me');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Enter a valid contact number.')).toBeVisible();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    await expect(page.getByText('First name is required.')).toHaveCount(0);
    expect(posted).toBe(false);
  });

  test('has labelled, required fields of the right types and a hidden honeypot', async ({ page }) => {
    await page.goto('/contact');
    const expected: [string, string, string][] = [
      ['First Name', 'first_name', 'text'],
      ['Last Name', 'last_name', 'text'],
      ['Contact No.', 'phone', 'tel'],
      ['Email', 'email', 'email'],
      ['Subject', 'subject', 'text'],
    ];
    for (const [label, name, type] of expected) {
      const field = page.getByLabel(label, { exact: true });
      await expect(field).toHaveAttribute('name', name);
      await expect(field).toHaveAttribute('type', type);
      await expect(field).toHaveAttribute('required', '');
    }
    await expect(page.getByLabel('Message', { exact: true })).toHaveAttribute('name', 'message');
    await expect(page.getByRole('textbox', { name: 'Leave this empty' })).toHaveCount(0);
    const honeypot = page.locator('input[name="website"]');
    await expect(honeypot).toHaveAttribute('tabindex', '-1');
    await expect(honeypot).toHaveAttribute('autocomplete', 'off');
  });
});

test.describe('contact form without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('still sends the message through the page and shows the answer', async ({ page }) => {
    await page.goto('/contact');
    for (const [label, value] of Object.entries(VALID)) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status')).toHaveText(/your message has been received/i);
  });
});

test('the page action answers an invalid post with 400 and the error message', async ({ request, baseURL }) => {
  const response = await request.post('/contact', {
    headers: { origin: new URL(baseURL!).origin },
    form: {
      first_name: 'Sita',
      last_name: 'Example',
      phone: '9800000000',
      email: 'nope',
      subject: 'Hi',
      message: 'Hello',
    },
  });
  expect(response.status()).toBe(400);
  const html = await response.text();
  expect(html).toContain('Enter a valid email address.');
  expect(html).toContain('value="Sita"');
});
