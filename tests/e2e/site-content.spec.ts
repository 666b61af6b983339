import { type APIRequestContext, type Browser, expect, request, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL } from './support/env.ts';

// The public pages show the college's content as saved through the admin API, on the next view, with and
// without JavaScript. These tests change the shared server's content, so they run one after another and
// put back every section they changed.
test.describe.configure({ mode: 'serial' });

type Section = Record<string, unknown> & { version: number; updatedAt?: string | null };

let api: APIRequestContext;
const originals = new Map<string, Section>();

async function read(section: string): Promise<Section> {
  const res = await api.get(`/api/admin/content/${section}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Section;
}

/** Saves a section from its latest version, remembering the first copy read so it can be put back. */
async function change(section: string, edit: (current: Section) => Record<string, unknown>): Promise<void> {
  const current = await read(section);
  if (!originals.has(section)) originals.set(section, current);
  const { updatedAt: _updatedAt, ...fields } = { ...current, ...edit(current), version: current.version };
  const res = await api.put(`/api/admin/content/${section}`, { data: fields });
  expect(res.status(), await res.text()).toBe(200);
}

const text = (en: string) => ({ en, ne: '' });

test.beforeAll(async () => {
  api = await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { origin: BASE_URL } });
  const login = await api.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
});

test.afterAll(async () => {
  for (const [section, original] of originals) {
    const { version } = await read(section);
    const { updatedAt: _updatedAt, ...fields } = { ...original, version };
    const res = await api.put(`/api/admin/content/${section}`, { data: fields });
    expect(res.status(), await res.text()).toBe(200);
  }
  await api.dispose();
});

async function noScriptPage(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return { context, page: await context.newPage() };
}

test('a changed second phone number and name show in the footer and on /contact, also without JavaScript', async ({
  page,
  browser,
}) => {
  await page.goto('/'); // the render cache now holds the page as it was
  await change('college', (college) => ({
    name: text('Orbit E2E College'),
    phones: [(college['phones'] as string[])[0], '9855011122'],
  }));

  await page.goto('/');
  await expect(page).toHaveTitle(/^Orbit E2E College \| /u);
  await expect(page.locator('.site-header .brand__name')).toHaveText('Orbit E2E College');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: '9855011122' })).toHaveAttribute('href', 'tel:+9779855011122');
  await expect(footer.getByText('9855060414')).toHaveCount(0);

  await page.goto('/contact');
  await expect(page).toHaveTitle('Contact | Orbit E2E College');
  const details = page.getByRole('region', { name: 'Visit or call us' });
  await expect(details.getByRole('link', { name: '9855011122' })).toHaveAttribute('href', 'tel:+9779855011122');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: '9855011122' })).toBeVisible();

  const { context, page: noScript } = await noScriptPage(browser);
  for (const path of ['/', '/contact']) {
    await noScript.goto(path);
    await expect(noScript.getByRole('contentinfo').getByRole('link', { name: '9855011122' })).toBeVisible();
    await expect(noScript.getByRole('contentinfo').getByText('Orbit E2E College').first()).toBeVisible();
  }
  await context.close();
});

test('an added course shows on the home page, and is gone once deleted', async ({ page, browser }) => {
  const title = `E2E course ${test.info().project.name}`;
  await change('courses', (courses) => ({
    cards: [
      ...(courses['cards'] as object[]),
      { title: text(title), summary: text('Added by the end-to-end test.'), icon: { kind: 'icon', name: 'chip' } },
    ],
  }));
  await page.goto('/');
  const card = page.locator('#academics').getByRole('heading', { name: title });
  await expect(card).toBeVisible();

  const { context, page: noScript } = await noScriptPage(browser);
  await noScript.goto('/');
  await expect(noScript.locator('#academics').getByRole('heading', { name: title })).toBeVisible();
  await context.close();

  await change('courses', (courses) => ({
    cards: (courses['cards'] as { title: { en: string } }[]).filter((c) => c.title.en !== title),
  }));
  await page.goto('/');
  await expect(card).toHaveCount(0);
});

test('the Prospectus link opens our own PDF in a new tab', async ({ page }) => {
  await page.goto('/');
  const link = page.locator('a[href="/downloads/prospectus.pdf"]').first();
  await expect(link).toHaveAttribute('target', '_blank');
  const pdf = await page.request.get('/downloads/prospectus.pdf');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
});
