import { type Page, expect } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL } from './env.ts';

/** Every public page, in English and in Nepali, and a path that has none (the 404 page). */
export const PUBLIC_PAGES = [
  '/',
  '/notices',
  '/notices/no-such-notice',
  '/gallery',
  '/contact',
  '/admission',
  '/admission/apply',
  '/admission/status',
  '/login',
  '/no-such-page',
  '/ne',
  '/ne/notices',
  '/ne/notices/no-such-notice',
  '/ne/gallery',
  '/ne/contact',
  '/ne/admission',
  '/ne/admission/apply',
  '/ne/admission/status',
  '/ne/no-such-page',
] as const;

/** Every admin page; they need a signed-in admin. */
export const ADMIN_PAGES = [
  '/admin',
  '/admin/featured',
  '/admin/gallery',
  '/admin/addnewphoto',
  '/admin/notice',
  '/admin/addnewnotice',
  '/admin/inquiries',
  '/admin/vitals',
  '/admin/content',
  '/admin/banner',
  '/admin/courses',
  '/admin/people',
  '/admin/downloads',
  '/admin/audit',
  '/admin/messages',
  '/admin/calendar',
  '/admin/backups',
  '/admin/staff',
  '/admin/account',
  '/admin/seasons',
  '/admin/applications',
] as const;

/** Signs in through the API (the login form has its own tests): the session cookie lands in the page's context. */
export async function signInByApi(page: Page): Promise<void> {
  const res = await page.request.post('/api/auth/login', {
    headers: { origin: BASE_URL },
    data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
}
