import { TIMINGS } from '#common/limits.ts';
import { type Page, expect, test } from '@playwright/test';
import { gotoEnhanced } from './support/hydration.ts';

/** The page's clock stands still until the test moves it: the banner turns when the test says, however slow the machine. */
async function holdClock(page: Page) {
  const start = Date.parse('2026-11-23T04:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1000);
}

const SECTION_ORDER = [
  'Pictures of the college',
  'Open Up Your Future',
  'About Orbit College',
  'Our courses',
  'Why choose Orbit?',
  /^ADMISSION (ENQUIRY|OPEN)$/,
  'Latest notices',
  'Messages from the college',
  'What our students say',
];

test.describe('home page', () => {
  test('shows its sections in the order of the specification', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('main').getByRole('region')).toHaveCount(SECTION_ORDER.length);
    const names = await page
      .locator('main')
      .getByRole('region')
      .evaluateAll((regions) =>
        regions.map((r) => {
          const labelledBy = r.getAttribute('aria-labelledby');
          return (labelledBy ? document.getElementById(labelledBy)?.textContent : r.getAttribute('aria-label')) ?? '';
        }),
      );
    SECTION_ORDER.forEach((expected, i) => expect(names[i]).toMatch(expected));

    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('link', { name: /Take a virtual tour/ })).toBeVisible();

    const courses = page.getByRole('region', { name: 'Our courses' });
    await expect(courses).toHaveAttribute('id', 'academics');
    await expect(courses.getByRole('heading', { level: 3 })).toHaveText([
      'Pure Science',
      'Computer Science',
      'General Management',
      'Hotel Management',
    ]);

    const why = page.getByRole('region', { name: 'Why choose Orbit?' });
    const featured = why.getByRole('img', { name: /featured photo/ });
    await expect(featured).toHaveCount(3);
    await expect(why.locator('picture source[type="image/avif"]')).toHaveCount(3);
    await expect(why.locator('picture source[type="image/webp"]')).toHaveCount(3);
    await expect(featured.first()).toHaveAttribute('loading', 'lazy');
    await expect(featured.first()).toHaveAttribute('srcset', /\d+w/);

    const notices = page.getByRole('region', { name: 'Latest notices' });
    await expect(notices.getByRole('article')).toHaveCount(2);
    await expect(notices.getByRole('link', { name: /SEE MORE/ })).toHaveAttribute('href', '/notices');

    await expect(page.getByRole('heading', { name: "Chairman's message" })).toBeVisible();
    await expect(page.getByRole('heading', { name: "Principal's message" })).toBeVisible();
    await expect(page.getByRole('region', { name: 'What our students say' }).getByRole('figure')).toHaveCount(2);
  });

  test('shows the two newest notices, newest first', async ({ page, request }) => {
    const { notices } = (await (await request.get('/api/notices')).json()) as { notices: { title: string }[] };
    await page.goto('/');
    const titles = page.getByRole('region', { name: 'Latest notices' }).getByRole('heading', { level: 3 });
    await expect(titles).toHaveText(notices.slice(0, 2).map((n) => n.title));
  });

  test('admissions heading is the stored status and the button label follows it', async ({ page, request }) => {
    const { status } = (await (await request.get('/api/admission')).json()) as { status: string };
    await page.goto('/');
    const admissions = page.getByRole('region', { name: status });
    await expect(admissions).toHaveAttribute('id', 'admissions');
    await expect(admissions.getByRole('heading', { level: 2 })).toHaveText(status);
    const label = status === 'ADMISSION OPEN' ? 'APPLY NOW' : 'ENQUIRY NOW';
    const button = admissions.getByRole('link', { name: new RegExp(`^${label}`) });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('target', '_blank');
    // The seeded database starts with enquiries (admin tests may have changed it since).
    if (status === 'ADMISSION ENQUIRY') await expect(button).toHaveText(/^ENQUIRY NOW/);
  });

  test('the banner has 7 pictures, paints the first with the page and advances every few seconds', async ({ page }) => {
    // The page's clock is ours: the rotation moves when the test moves time, however slow the machine is.
    await holdClock(page);
    await gotoEnhanced(page, '/');
    const banner = page.getByRole('region', { name: 'Pictures of the college' });
    const images = banner.locator('img');
    await expect(images).toHaveCount(7);
    for (const img of await images.all()) {
      await expect(img).toHaveAttribute('width', /\d+/);
      await expect(img).toHaveAttribute('height', /\d+/);
      await expect(img).toHaveAttribute('alt', /\w/);
    }
    await expect(images.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(images.nth(1)).toHaveAttribute('loading', 'lazy');
    // The first drawing comes inside the page (a data: address), so there is nothing to preload.
    await expect(images.first()).toHaveAttribute('src', /^data:image\/svg\+xml,/u);
    expect(await images.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.locator('head link[rel="preload"][as="image"]')).toHaveCount(0);

    // Hidden slides are aria-hidden: by role, only the visible one is found.
    const visible = banner.getByRole('group');
    await expect(visible).toHaveCount(1);
    await expect(visible).toHaveAccessibleName('1 of 7');
    const firstAlt = await visible.getByRole('img').getAttribute('alt');
    await page.clock.runFor(TIMINGS.bannerIntervalMs - 100);
    await expect(visible).toHaveAccessibleName('1 of 7');
    await page.clock.runFor(200);
    await expect(visible).toHaveAccessibleName('2 of 7');
    expect(await visible.getByRole('img').getAttribute('alt')).not.toBe(firstAlt);
  });

  test('loads only the first banner picture with the page; the next one after the load event @phone', async ({
    page,
  }) => {
    const requested: string[] = [];
    let loaded = false;
    page.on('request', (request) => {
      if (!loaded) requested.push(new URL(request.url()).pathname);
    });
    page.once('load', () => {
      loaded = true;
    });
    await gotoEnhanced(page, '/');
    const sources = await page
      .getByRole('region', { name: 'Pictures of the college' })
      .locator('img')
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src') ?? ''));
    const [first = '', second = '', ...later] = sources;
    // The first comes with the page: inside it (a drawing, as a data: address) or requested with it (a photo).
    if (!first.startsWith('data:')) expect(requested).toContain(first);
    expect(requested.filter((path) => [second, ...later].includes(path))).toEqual([]);
    // Laid out ahead of its turn, the second picture is ready before it fades in.
    await expect
      .poll(() =>
        page.evaluate((src) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(src)), second),
      )
      .toBe(true);
  });

  test('the banner stays still for visitors who prefer reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await holdClock(page);
    await gotoEnhanced(page, '/');
    const visible = page.getByRole('region', { name: 'Pictures of the college' }).getByRole('group');
    await page.clock.runFor(TIMINGS.bannerIntervalMs * 2);
    await expect(visible).toHaveAccessibleName('1 of 7');
  });

  test('the banner can be paused', async ({ page }) => {
    await holdClock(page);
    await gotoEnhanced(page, '/');
    const banner = page.getByRole('region', { name: 'Pictures of the college' });
    await banner.getByRole('button', { name: 'Pause slideshow' }).click();
    await expect(banner.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await page.clock.runFor(TIMINGS.bannerIntervalMs * 2);
    await expect(banner.getByRole('group')).toHaveAccessibleName('1 of 7');
  });
});

test.describe('home page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('is readable: headline, courses, admissions, notices and messages are in the HTML @phone', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Open Up Your Future' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pure Science' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'ADMISSION ENQUIRY' })).toBeVisible();
    await expect(page.getByRole('link', { name: /ENQUIRY NOW/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Latest notices' }).getByRole('article')).toHaveCount(2);
    await expect(page.getByRole('heading', { name: "Principal's message" })).toBeVisible();
    // The first banner picture is shown; the pause button, which needs the script, is not.
    const banner = page.getByRole('region', { name: 'Pictures of the college' });
    await expect(banner.getByRole('group')).toHaveAccessibleName('1 of 7');
    await expect(banner.getByRole('img')).toBeVisible();
    await expect(banner.getByRole('button')).toHaveCount(0);
    if (testInfo.project.name === 'phone') {
      // The menu is an HTML popover: its button opens the 8 links and the language link without any script.
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      await expect(menu.getByRole('link')).toHaveCount(9);
      await expect(menu.getByRole('link').last()).toHaveText('नेपाली');
      for (const link of await menu.getByRole('link').all()) await expect(link).toBeVisible();
    } else {
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notices' })).toBeVisible();
    }
  });
});
