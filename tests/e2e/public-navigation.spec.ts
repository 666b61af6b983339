import { expect, test } from '@playwright/test';
import { gotoEnhanced } from './support/hydration.ts';

const isPhone = (projectName: string) => projectName === 'phone';

test.describe('navigation bar', () => {
  test('links to every public page, the sections, the prospectus and the admin login @phone', async ({
    page,
  }, testInfo) => {
    await gotoEnhanced(page, '/notices');
    const phone = isPhone(testInfo.project.name);
    if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('navigation', { name: phone ? 'Mobile' : 'Main' });
    await expect(nav).toBeVisible();

    const labels = phone
      ? ['Home', 'About', 'Notices', 'Admissions', 'Courses', 'Prospectus', 'Gallery', 'Contact', 'नेपाली']
      : ['Home', 'Courses', 'Admissions', 'Gallery', 'Notices', 'Contact', 'Prospectus', 'नेपाली'];
    await expect(nav.getByRole('link')).toHaveText(labels.map((l) => new RegExp(`^${l}`)));

    const hrefs: Record<string, string> = {
      Home: '/',
      About: '/#about',
      Courses: '/#academics',
      Admissions: '/admission',
      Gallery: '/gallery',
      Notices: '/notices',
      Contact: '/contact',
    };
    for (const [label, href] of Object.entries(hrefs)) {
      if (!labels.includes(label)) continue;
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    }
    const prospectus = nav.getByRole('link', { name: /^Prospectus/ });
    await expect(prospectus).toHaveAttribute('target', '_blank');
    await expect(prospectus).toHaveAttribute('rel', /noopener/);
    await expect(prospectus).toHaveAttribute('href', /\.pdf$/);

    const login = page.getByRole('link', { name: 'Admin login' });
    await expect(login).toBeVisible();
    await expect(login).toHaveAttribute('href', '/login');
  });

  test('the footer lists the courses, the address and the phone numbers', async ({ page }) => {
    await page.goto('/gallery');
    const footer = page.getByRole('contentinfo');
    for (const course of ['Science & Technology', 'Management', 'Fashion/Interior Design', 'School of Law']) {
      await expect(footer.getByText(course, { exact: true })).toBeVisible();
    }
    await expect(footer.getByText('Bharatpur-05, Bikash Chowk', { exact: true })).toBeVisible();
    await expect(footer.getByRole('link', { name: '056-418307' })).toHaveAttribute('href', /^tel:/);
    await expect(footer.getByRole('link', { name: '9855060414' })).toHaveAttribute('href', /^tel:/);
    await expect(footer.locator('a[href^="tel:"]')).toHaveCount(2);
  });

  test('the footer is laid out only when scrolled near, and moves nothing when it is @phone', async ({ page }) => {
    await page.goto('/ne');
    // From the moment the served font is in (its arrival redraws the Nepali menu at desktop width), so that what
    // is counted is the scroll to the footer.
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-fonts'));
    await page.evaluate(() => {
      const shifts: number[] = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
      }).observe({ type: 'layout-shift' });
      (window as unknown as { shifts: number[] }).shifts = shifts;
    });
    const laidOut = () =>
      page.evaluate(() => document.querySelector('.site-footer > *')!.checkVisibility({ contentVisibilityAuto: true }));
    expect(await laidOut()).toBe(false);
    // Scrolled down as a reader does, a screen at a time, to the end of the page.
    for (let step = 0; step < 40 && !(await laidOut()); step++) await page.mouse.wheel(0, 600);
    expect(await laidOut()).toBe(true);
    await expect(page.getByRole('contentinfo').getByText('भरतपुर-०५, विकास चोक', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
  });

  test('Courses from another page goes home and scrolls to the academics section @phone', async ({
    page,
  }, testInfo) => {
    await gotoEnhanced(page, '/notices');
    if (isPhone(testInfo.project.name)) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Courses' }).click();
    } else {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).click();
    }
    await expect(page).toHaveURL(/\/#academics$/);
    const academics = page.getByRole('region', { name: 'Our courses' });
    await expect(academics).toBeInViewport();
    await expect(page.getByRole('heading', { level: 1, name: 'Open Up Your Future' })).not.toBeInViewport();
  });

  test('Courses on the home page scrolls down to the academics section @phone', async ({ page }, testInfo) => {
    await gotoEnhanced(page, '/');
    if (isPhone(testInfo.project.name)) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Courses' }).click();
    } else {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).click();
    }
    await expect(page).toHaveURL(/\/#academics$/);
    await expect(page.locator('#academics')).toBeInViewport();
    // A link to a section of the page already shown closes the phone menu too.
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  });
});

test.describe('phone menu @phone', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(!isPhone(testInfo.project.name), 'the menu button exists only at phone widths');
  });

  test('opens and closes by keyboard and gives focus back to its button', async ({ page }) => {
    await gotoEnhanced(page, '/');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    const openButton = page.getByRole('button', { name: 'Open menu' });
    await expect(menu).toBeHidden();
    await expect(openButton).toHaveAttribute('aria-expanded', 'false');

    await openButton.focus();
    await page.keyboard.press('Enter');
    const closeButton = page.getByRole('button', { name: 'Close menu' });
    await expect(closeButton).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    for (const label of ['Home', 'About', 'Notices', 'Admissions', 'Courses', 'Gallery', 'Contact']) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
    }

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(openButton).toBeFocused();

    await page.keyboard.press('Space');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Space');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('closes when a link is followed', async ({ page }) => {
    await gotoEnhanced(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Gallery' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Life at Orbit' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  });
});

test.describe('page metadata', () => {
  for (const [path, title] of [
    ['/', /Orbit College/],
    ['/notices', /^Notices \| Orbit College$/],
    ['/gallery', /Life at Orbit \| Orbit College$/],
    ['/contact', /^Contact \| Orbit College$/],
  ] as const) {
    test(`${path} has its own title, description and Open Graph tags in the server HTML`, async ({
      request,
      baseURL,
    }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      const titleText = /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/&amp;/g, '&');
      expect(titleText).toMatch(title);
      expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
      for (const property of ['og:title', 'og:description', 'og:type', 'og:image']) {
        expect(html).toContain(`<meta property="${property}"`);
      }
      expect(html).toContain(`<meta property="og:url" content="${baseURL}${path}"`);
    });
  }
});
