import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { College } from '#common/site-content/college.ts';
import { type TestApp, createTestApp } from '#server/test-support/test-app.ts';

/**
 * The pages may frame only the map and the video the college has set: the page's Content-Security-Policy
 * follows the stored addresses from the next response on. The API-only test app has no pages, so a
 * small HTML route stands in for one (the policy is chosen by the response's type).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.app.get('/a-page', async (_request, reply) => reply.type('text/html; charset=utf-8').send('<p>page</p>'));
});
afterAll(() => t.close());

const frameSrc = async () => {
  const csp = String((await t.app.inject({ method: 'GET', url: '/a-page' })).headers['content-security-policy']);
  return csp.split('; ').find((d) => d.startsWith('frame-src'));
};

/** Saved through the same service the admin API calls (its routes are tested in content.admin.routes.test.ts). */
async function saveCollege(change: Partial<College>) {
  const college = await t.services.content.get('college');
  await t.services.content.update(COMMAND_LINE_ACTOR, 'college', { ...college, ...change });
}

describe('frame-src of the pages', () => {
  it('allows the default map (and the host Google answers it from) and nothing else', async () => {
    expect(await frameSrc()).toBe('frame-src https://maps.google.com https://www.google.com');
  });

  it('follows a new video address and a removed map at once', async () => {
    await saveCollege({ videoUrl: 'https://www.youtube-nocookie.com/embed/abc123', mapEmbedUrl: '' });
    expect(await frameSrc()).toBe('frame-src https://www.youtube-nocookie.com');
    await saveCollege({ videoUrl: '' });
    expect(await frameSrc()).toBe("frame-src 'none'");
  });

  it('keeps the API answers on their own strict policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/content' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
