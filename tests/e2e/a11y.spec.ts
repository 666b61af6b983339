import { type APIRequestContext, type Page, expect, request, test } from '@playwright/test';
import { interfaceText } from '../../common/i18n/catalogue.ts';
import { makePdf } from '../../server/pdf/test-pdfs.ts';
import { photoJpeg } from './support/admin-photo.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL } from './support/env.ts';
import { violations } from './support/axe.ts';
import { waitForPageScripts } from './support/hydration.ts';
import { ADMIN_PAGES, PUBLIC_PAGES, signInByApi } from './support/pages.ts';

// axe-core (WCAG 2.x A and AA rules, and its best practices) on every page, once its scripts have run (hydration
// on the admin pages, the site script on public ones): zero violations.

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForPageScripts(page);
  // Images and fonts settle the layout that colour-contrast checks look at.
  await page.waitForLoadState('networkidle');
}

test.describe('accessibility (axe-core)', () => {
  for (const path of PUBLIC_PAGES) {
    // Every public page at phone width too: the header folds into the phone menu.
    test(`${path} has no axe violations @phone`, async ({ page }) => {
      await open(page, path);
      expect(await violations(page)).toEqual([]);
    });
  }

  test.describe('a notice page with a PDF, a scan, a link, a reference number and its share box', () => {
    // The PDF's first page is drawn in a worker and the photo resized: slow on a busy machine.
    test.describe.configure({ timeout: 90_000 });
    let api: APIRequestContext;
    let id: string;

    test.beforeAll(async ({}, testInfo) => {
      testInfo.setTimeout(150_000);
      api = await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { origin: BASE_URL } });
      const login = await api.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
      expect(login.status(), await login.text()).toBe(200);
      const created = await api.post('/api/admin/notices', {
        data: {
          title: `Exam routine (a11y ${testInfo.project.name})`,
          description:
            'The routine of the board examination is attached. Forms: https://forms.example.com/exam-routine-2083-grade-11',
          link: 'https://www.neb.gov.np/',
          referenceNo: '082/83-21',
          category: 'examination',
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      id = ((await created.json()) as { id: string }).id;
      const files = [
        { name: 'routine.pdf', mimeType: 'application/pdf', buffer: makePdf({ pages: 2 }) },
        { name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg(600, 800) },
      ];
      for (const file of files) {
        const res = await api.post(`/api/admin/notices/${id}/attachments`, { multipart: { file } });
        expect(res.status(), await res.text()).toBe(201);
      }
    });

    test.afterAll(async () => {
      if (id) await api.delete(`/api/admin/notices/${id}`);
      await api?.dispose();
    });

    for (const lang of ['en', 'ne'] as const) {
      const prefix = lang === 'ne' ? '/ne' : '';
      const words = interfaceText(lang).noticePage;
      test(`${prefix}/notices/<id> has no axe violations`, async ({ page }) => {
        await open(page, `${prefix}/notices/${id}`);
        await expect(page.getByRole('list', { name: words.attachments }).getByRole('listitem')).toHaveCount(2);
        await expect(page.getByRole('region', { name: words.share })).toBeVisible();
        expect(await violations(page)).toEqual([]);
      });
    }
  });

  test.describe('signed in', () => {
    // The site-content pages hold dozens of controls (every text in English and Nepali): axe takes its time on them.
    test.describe.configure({ timeout: 90_000 });
    test.beforeEach(async ({ page }) => {
      await signInByApi(page);
    });

    for (const path of ADMIN_PAGES) {
      // At phone width the admin menu folds the same way on every page: /admin checks it.
      test(`${path} has no axe violations${path === '/admin' ? ' @phone' : ''}`, async ({ page }) => {
        await open(page, path);
        await expect(page).toHaveURL(new RegExp(`${path}$`, 'u'));
        expect(await violations(page)).toEqual([]);
      });
    }
  });
});
