import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#server/test-support/test-app.ts';
import { nowIso } from '#server/db/db.ts';

// Rows only (no files): paging is about the query, and the pipeline is tested elsewhere.
const t = await createTestApp({ GALLERY_PAGE_SIZE: '4' });
afterAll(() => t.close());

beforeAll(async () => {
  const variants = JSON.stringify([{ format: 'jpeg', width: 400, height: 300, key: 'img/x/a-400.jpg', bytes: 1 }]);
  for (let i = 0; i < 10; i++) {
    await t.db
      .insertInto('images')
      .values({
        id: `img-${String(i).padStart(2, '0')}`,
        folder: 'gallery',
        storage_key: `img/${i}`,
        width: 400,
        height: 300,
        variants,
        original_bytes: 1,
        created_at: new Date(Date.parse(nowIso()) - (10 - i) * 60_000).toISOString(),
      })
      .execute();
  }
});

describe('images.listPage', () => {
  it('pages the gallery newest first, GALLERY_PAGE_SIZE at a time', async () => {
    const first = await t.services.images.listPage('gallery', 1);
    expect(first).toMatchObject({ page: 1, pageCount: 3, pageSize: 4, total: 10 });
    expect(first!.images.map((i) => i.id)).toEqual(['img-09', 'img-08', 'img-07', 'img-06']);
    const last = await t.services.images.listPage('gallery', 3);
    expect(last!.images.map((i) => i.id)).toEqual(['img-01', 'img-00']);
  });

  it('answers null past the last page and for a page that is not a positive whole number', async () => {
    for (const page of [4, 0, -1, 1.5, Number.NaN])
      expect(await t.services.images.listPage('gallery', page)).toBeNull();
  });

  it('has a first page even when the folder is empty', async () => {
    expect(await t.services.images.listPage('featured', 1)).toMatchObject({
      images: [],
      page: 1,
      pageCount: 1,
      total: 0,
    });
  });
});
