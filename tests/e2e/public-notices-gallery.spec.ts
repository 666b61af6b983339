import { excerpt } from '#common/words.ts';
import { GALLERY_PAGE_SIZE } from './support/env.ts';
import { expect, test } from '@playwright/test';

interface ApiNotice {
  id: string;
  title: string;
  description: string;
  link: string | null;
  createdDate: string;
}

test.describe('notices page', () => {
  test('lists every notice newest first, each with title, the start of its description, date and link', async ({
    page,
    request,
  }) => {
    const { notices } = (await (await request.get('/api/notices')).json()) as { notices: ApiNotice[] };
    expect(notices.length).toBeGreaterThan(2);
    await page.goto('/notices');
    await expect(page.getByRole('heading', { level: 1, name: 'Notices' })).toBeVisible();

    const articles = page.getByRole('main').getByRole('article');
    await expect(articles).toHaveCount(notices.length);
    const dates = await articles
      .locator('time')
      .evaluateAll((times) => times.map((t) => t.getAttribute('datetime') ?? ''));
    const sorted = [...dates].sort((a, b) => Date.parse(b) - Date.parse(a));
    expect(dates).toEqual(sorted);
    expect(dates.every((d) => !Number.isNaN(Date.parse(d)))).toBe(true);

    for (const [i, notice] of notices.entries()) {
      const article = articles.nth(i);
      await expect(article.getByRole('heading', { level: 2 })).toHaveText(notice.title);
      // The card shows the first words; the whole description is on the notice's own page.
      const start = excerpt(notice.description);
      await expect(article.locator('.notice-card__text')).toHaveText(start.more ? `${start.text}…` : start.text);
      // Bikram Sambat first, with the AD day: '6 Mangsir 2083 B.S. (22 Nov 2026)'.
      await expect(article.locator('time')).toHaveText(
        /^\d{1,2} [A-Z][a-z]+ \d{4} B\.S\. \(\d{1,2} [A-Z][a-z]{2} \d{4}\)$/,
      );
      if (notice.link) {
        const link = article.getByRole('link', { name: /Open link/ });
        await expect(link).toHaveAttribute('href', notice.link);
        await expect(link).toHaveAttribute('target', '_blank');
      } else {
        // Only the title links (to the notice's own page); no 'Open link'.
        await expect(article.getByRole('link', { name: /Open link/ })).toHaveCount(0);
      }
    }
  });

  test('shows two columns on wide screens and one on phones @phone', async ({ page }, testInfo) => {
    await page.goto('/notices');
    const articles = page.getByRole('main').getByRole('article');
    const first = await articles.nth(0).boundingBox();
    const second = await articles.nth(1).boundingBox();
    expect(first && second).toBeTruthy();
    if (testInfo.project.name === 'phone') {
      expect(second!.x).toBeCloseTo(first!.x, 0);
      expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    } else {
      expect(second!.y).toBeCloseTo(first!.y, 0);
      expect(second!.x).toBeGreaterThan(first!.x + first!.width - 1);
    }
  });
});

test.describe('gallery page', () => {
  test("is headed 'Life at Orbit' and opens each photo full size in a new tab", async ({ page, request }) => {
    const { images } = (await (await request.get('/api/images?folder=gallery')).json()) as {
      images: { full: string }[];
    };
    expect(images.length).toBeGreaterThan(0);
    await page.goto('/gallery');
    await expect(page.getByRole('heading', { level: 1, name: 'Life at Orbit' })).toBeVisible();

    const links = page.getByRole('main').getByRole('link', { name: /photo \d+ of \d+/ });
    await expect(links).toHaveCount(Math.min(images.length, GALLERY_PAGE_SIZE));
    for (const [i, link] of (await links.all()).entries()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
      await expect(link).toHaveAttribute('href', images[i]!.full);
      await expect(link).toHaveAttribute('href', /\.(jpe?g|png|webp|avif)$/);
      const img = link.getByRole('img');
      // The first photo is the largest paint on a phone: it loads at once and first, the others lazily.
      if (i === 0) await expect(img).toHaveAttribute('fetchpriority', 'high');
      else await expect(img).toHaveAttribute('loading', 'lazy');
      await expect(img).toHaveAttribute('width', /\d+/);
      await expect(img).toHaveAttribute('height', /\d+/);
    }

    await expect(page.locator('head link[rel="preload"][as="image"][type="image/avif"]')).toHaveCount(1);

    const full = await request.get(images[0]!.full);
    expect(full.status()).toBe(200);
    expect(full.headers()['content-type']).toMatch(/^image\//);
  });

  test('pages a long gallery: older photos on the next page, numbered on from the first', async ({ page, request }) => {
    const { images } = (await (await request.get('/api/images?folder=gallery')).json()) as {
      images: { full: string }[];
    };
    const pageCount = Math.ceil(images.length / GALLERY_PAGE_SIZE);
    expect(pageCount).toBeGreaterThan(1);
    await page.goto('/gallery');
    const pager = page.getByRole('navigation', { name: 'Gallery pages' });
    await expect(pager).toContainText(`Page 1 of ${pageCount}`);
    await expect(pager.getByRole('link', { name: /Newer photos/ })).toHaveCount(0);

    await pager.getByRole('link', { name: /Older photos/ }).click();
    await expect(page).toHaveURL(/\/gallery\?page=2$/);
    await expect(pager).toContainText(`Page 2 of ${pageCount}`);
    const links = page.getByRole('main').getByRole('link', { name: /photo \d+ of \d+/ });
    await expect(links.first()).toHaveAttribute('href', images[GALLERY_PAGE_SIZE]!.full);
    await expect(links.first()).toHaveAccessibleName(new RegExp(`photo ${GALLERY_PAGE_SIZE + 1} of ${images.length}`));

    await pager.getByRole('link', { name: /Newer photos/ }).click();
    await expect(page).toHaveURL(/\/gallery$/);

    // A page past the end (say, after photos were deleted) starts again at the first page.
    await page.goto('/gallery?page=999');
    await expect(page).toHaveURL(/\/gallery$/);
  });
});
