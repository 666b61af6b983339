import { afterEach, describe, expect, it, vi } from 'vitest';
import { SITE_PAGE_TARGET } from '#server/modules/import/index.ts';
import { type TestApp, createTestApp } from '#server/test-support/test-app.ts';
import { changeContent } from './content-version.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe("a request's content version", () => {
  it('is read once for the calendar, the old addresses and the render cache, and still sees a change made before it came', async () => {
    t = await createTestApp();
    const reads = vi.spyOn(t.services.contentVersion, 'current');

    // A cached answer: the feed, rendered by the first request (whose render reads the content too) and served
    // from memory to the second, which passes the calendar's, the old addresses' and the cache's hooks.
    const first = await t.app.inject({ url: '/rss.xml' });
    expect(first.statusCode).toBe(200);
    const afterRender = reads.mock.calls.length;
    const again = await t.app.inject({ url: '/rss.xml' });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(reads).toHaveBeenCalledTimes(afterRender + 1);

    // An old address recorded (as an import does, with the version moved) before the next request comes: that
    // request's one reading of the version is after the change, so the old addresses are read again for it.
    const db = t.db;
    await changeContent(db, new Date(), (trx) =>
      trx
        .insertInto('old_addresses')
        .values({
          path: '/2024/05/result-of-grade-11',
          target: '/about',
          source: 'test',
          // One of the site's own pages, which always exists (an imported notice's address goes with it).
          target_id: `${SITE_PAGE_TARGET}about`,
          created_at: new Date().toISOString(),
        })
        .execute(),
    );
    const moved = await t.app.inject({ url: '/2024/05/result-of-grade-11/' });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/about');
    expect(reads).toHaveBeenCalledTimes(afterRender + 2);
  });

  it('is its own for each request: one that came after a change never reuses an earlier reading', async () => {
    t = await createTestApp();
    const versions = t.services.contentVersion;
    const before = { id: 'before' };
    const read = await versions.forRequest(before);
    expect(await versions.forRequest(before)).toBe(read);
    await changeContent(t.db, new Date(), async () => undefined);
    const after = { id: 'after' };
    expect(await versions.forRequest(after)).toBeGreaterThan(read);
    // The first request keeps the reading it was given: its hooks agree with each other.
    expect(await versions.forRequest(before)).toBe(read);
  });
});
