import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#server/test-support/test-app.ts';
import { seedDemoContent } from './seed-demo.ts';

const t = await createTestApp();
afterAll(() => t.close());

describe('seedDemoContent', () => {
  it('seeds 5 notices, 6 gallery photos and the 3 featured photos', { timeout: 120_000 }, async () => {
    const counts = await seedDemoContent(t.services);

    expect(counts).toEqual({ notices: 5, gallery: 6, featured: 3 });
    expect(await t.services.notices.count()).toBe(5);
    expect(await t.services.images.count('gallery')).toBe(6);
    expect(await t.services.images.count('featured')).toBe(3);

    // Notices come out newest first, each valid under the specification's limits.
    const notices = await t.services.notices.list();
    const dates = notices.map((n) => n.createdDate);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const n of notices) expect(n.title.length).toBeLessThanOrEqual(60);

    // Every variant of every image is really stored and served.
    const featured = await t.services.images.list('featured');
    expect(featured).toHaveLength(3);
    for (const image of featured) {
      expect(image.width).toBe(1600);
      const res = await t.app.inject({ method: 'GET', url: image.full });
      expect(res.statusCode, image.full).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
    }
  });
});
