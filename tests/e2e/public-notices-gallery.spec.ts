import { excerpt } from '#common/words.ts';
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
  test("is headed 'Life at Orbit' and lists the albums; an album's photos each open their own page", async ({
    page,
    request,
  }) => {
    const albums = (await (await request.get('/api/albums')).json()) as {
      albums: { slug: string; titleEn: string; photoCount: number }[];
    };
    const album = albums.albums.find((a) => a.photoCount > 1)!;
    expect(album, 'the demo seed has an album of photos').toBeTruthy();
    const { photos } = (await (await request.get(`/api/albums/${album.slug}`)).json()) as {
      photos: { id: string; full: string }[];
    };
    await page.goto('/gallery');
    await expect(page.getByRole('heading', { level: 1, name: 'Life at Orbit' })).toBeVisible();
    const tile = page.getByRole('main').locator(`a[href="/gallery/${album.slug}"]`);
    await expect(tile).toContainText(album.titleEn);
    await expect(tile).toContainText(`${photos.length} photos`);
    await tile.click();

    await expect(page).toHaveURL(new RegExp(`/gallery/${album.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: album.titleEn })).toBeVisible();
    const links = page.getByRole('main').getByRole('list').getByRole('link');
    await expect(links).toHaveCount(photos.length);
    for (const [i, link] of (await links.all()).entries()) {
      await expect(link).toHaveAttribute('href', `/gallery/${album.slug}/${photos[i]!.id}`);
      const img = link.getByRole('img');
      // The first photo is the largest paint on a phone: it loads at once and first, the others lazily.
      if (i === 0) await expect(img).toHaveAttribute('fetchpriority', 'high');
      else await expect(img).toHaveAttribute('loading', 'lazy');
      await expect(img).toHaveAttribute('width', /\d+/);
      await expect(img).toHaveAttribute('height', /\d+/);
    }
    await expect(page.locator('head link[rel="preload"][as="image"][type="image/avif"]')).toHaveCount(1);

    // A photo's own page: its place, the next photo, the full-size file, the way back. (With JavaScript a tap
    // opens the viewer instead, gallery-viewer.spec.ts; the page is the link's address, as without it.)
    await page.goto(`/gallery/${album.slug}/${photos[0]!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Photo 1 of ${photos.length}` })).toBeVisible();
    await page.getByRole('link', { name: 'Next photo' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Photo 2 of ${photos.length}` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open the full-size photo' })).toHaveAttribute('href', photos[1]!.full);
    const full = await request.get(photos[1]!.full);
    expect(full.status()).toBe(200);
    expect(full.headers()['content-type']).toMatch(/^image\//);
    await page.getByRole('link', { name: `Back to ${album.titleEn}` }).click();
    await expect(page).toHaveURL(new RegExp(`/gallery/${album.slug}$`));
  });

  test('an album or photo that does not exist is the 404 page; a page of albums past the end starts again', async ({
    page,
  }) => {
    for (const path of ['/gallery/no-such-album', '/gallery/life-at-orbit/no-such-photo']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
    }
    await page.goto('/gallery?page=999');
    await expect(page).toHaveURL(/\/gallery$/);
  });
});
