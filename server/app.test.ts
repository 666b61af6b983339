import { afterAll, describe, expect, it } from 'vitest';
import { SAME_ORIGIN, createAdminTestApp } from '#server/test-support/admin-session.ts';

const t = await createAdminTestApp();
afterAll(() => t.close());

describe('the API as a whole', () => {
  it.each(['GET', 'HEAD', 'OPTIONS'] as const)('answers an unknown /api route (%s) with a JSON 404', async (method) => {
    const res = await t.app.inject({ method, url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    if (method !== 'HEAD') {
      expect(res.headers['content-type']).toMatch(/^application\/json/u);
      expect(res.json()).toEqual({ error: { code: 'not-found', message: 'No such API route.' } });
    }
  });

  it('answers an unknown nested /api route posted from the site with a JSON 404', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notices/extra/segments',
      headers: SAME_ORIGIN,
      payload: {},
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not-found', message: 'No such API route.' } });
  });

  it('describes itself as an OpenAPI document at /api/docs, to an owner', async () => {
    const res = await t.asAdmin({ method: 'GET', url: '/api/docs' });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/u);
    const doc = res.json<{
      openapi: string;
      info: { title: string };
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(doc.openapi).toMatch(/^3\./u);
    expect(doc.info.title).toBe(`${(await t.app.services.content.site()).college.name.en} API`);
    for (const [path, method] of [
      ['/api/health', 'get'],
      ['/api/notices', 'get'],
      ['/api/admission', 'get'],
      ['/api/images', 'get'],
      ['/api/inquiries', 'post'],
    ] as const) {
      expect(doc.paths[path], path).toHaveProperty(method);
    }
    // Its own route and the catch-all are hidden.
    expect(Object.keys(doc.paths)).not.toContain('/api/docs');
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/{'))).toBe(false);
  });

  it('documents the request schemas, e.g. the folder of GET /api/images', async () => {
    const doc = (await t.asAdmin({ method: 'GET', url: '/api/docs' })).json<{
      paths: Record<string, { get?: { parameters?: { name: string; in: string; schema: { enum?: string[] } }[] } }>;
    }>();
    const folder = doc.paths['/api/images']?.get?.parameters?.find((p) => p.name === 'folder');
    expect(folder).toMatchObject({ in: 'query', schema: { enum: ['gallery', 'featured'] } });
  });

  it('keeps /api/docs from anyone signed out (401) and from editors and the admissions office (403)', async () => {
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toMatchObject({ error: { code: 'auth/unauthenticated' } });
    expect(signedOut.body).not.toContain('/api/admin');
    for (const role of ['editor', 'admissions'] as const) {
      const cookie = await t.signInAs(`${role}@test.np`, role);
      const res = await t.app.inject({ method: 'GET', url: '/api/docs', headers: { cookie } });
      expect(res.statusCode, role).toBe(403);
      expect(res.body, role).not.toContain('/api/admin');
    }
  });
});
