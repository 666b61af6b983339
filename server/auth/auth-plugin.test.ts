import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTestApp, SAME_ORIGIN, createAdminTestApp } from '#server/test-support/admin-session.ts';
import { adminPageRequest } from './auth-plugin.ts';

// The one guard of admin pages, on the real app. These tests run without the built pages (a request the
// guard lets through ends at Fastify's 404); tests/ops/page-routes.test.ts runs the same requests through
// the built pages and React Router.

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp();
});
afterAll(() => t?.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('adminPageRequest', () => {
  it.each<[string, 'document' | 'data' | null]>([
    ['/admin', 'document'],
    ['/admin/', 'document'],
    ['/admin/notice?page=2', 'document'],
    ['/admin.data', 'data'],
    ['/admin.data?index', 'data'],
    ['/admin/addnewnotice.data', 'data'],
    ['/admin/_.data', 'data'],
    // As React Router matches them: case ignored, percent-decoded, dot segments resolved, absolute form.
    ['/ADMIN/addnewnotice', 'document'],
    ['/%61dmin/notice', 'document'],
    ['/x/../admin/notice', 'document'],
    ['/x/%2e%2e/admin/notice.data', 'data'],
    ['http://orbit.example/admin/notice', 'document'],
    ['/administration', null],
    ['/api/admin/notices', null],
    ['/contact', null],
    ['/_root.data', null],
    ['//admin/notice', null],
    ['/admin/notice%', 'document'],
    ['/admin%', null],
    ['*', null],
  ])('%j -> %s', (url, expected) => {
    expect(adminPageRequest(url)).toBe(expected);
  });
});

describe('signed out on an admin page', () => {
  it('sends a view of an admin document to /login (302), and lets the signed-in admin through', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.anonymous({ method, url: '/admin/notice' });
      expect(res.statusCode, method).toBe(302);
      expect(res.headers.location).toBe('/login');
    }
    expect((await t.asAdmin({ method: 'GET', url: '/admin/notice' })).statusCode).toBe(404);
  });

  it('lets a data view through to the loaders, which redirect themselves', async () => {
    expect((await t.anonymous({ method: 'GET', url: '/admin/notice.data' })).statusCode).toBe(404);
  });

  it('sends a form posted without a session cookie to /login (303) before reading it, whatever it declares', async () => {
    const huge = `title=${'a'.repeat(3 * 1024 * 1024)}`;
    for (const headers of [FORM, { 'content-type': 'application/json' }, { 'content-type': 'text/plain' }, {}]) {
      const res = await t.anonymous({ method: 'POST', url: '/admin/addnewnotice', headers, payload: huge });
      // Not 413 nor 415: the answer came before the body or its encoding counted.
      expect(res.statusCode, JSON.stringify(headers)).toBe(303);
      expect(res.headers.location).toBe('/login');
    }
  });

  it('answers a data post (a fetcher) without a session cookie with 401', async () => {
    for (const url of ['/admin/addnewnotice.data', '/admin.data?index', '/ADMIN/notice.data']) {
      const res = await t.anonymous({ method: 'POST', url, headers: FORM, payload: 'intent=create' });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error.code).toBe('auth/unauthenticated');
    }
  });

  it('finds the admin page however its address is spelled', async () => {
    for (const url of ['/ADMIN/addnewnotice', '/%61dmin/addnewnotice', '/x/../admin/addnewnotice', '/admin']) {
      const res = await t.anonymous({ method: 'POST', url, headers: FORM, payload: 'intent=create' });
      expect(res.statusCode, url).toBe(303);
    }
  });

  it('leaves a post with a session cookie to the action, which says "session ended" and keeps what was typed', async () => {
    const cookie = 'orbit_session=an-ended-session';
    for (const url of ['/admin/addnewnotice', '/admin/addnewnotice.data']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...SAME_ORIGIN, ...FORM, cookie },
        payload: 'intent=create',
      });
      expect(res.statusCode, url).toBe(404);
    }
    expect((await t.asAdmin({ method: 'POST', url: '/admin/addnewnotice', headers: FORM })).statusCode).toBe(404);
  });

  it('refuses a cross-site post first (403), and leaves other addresses and methods alone', async () => {
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/admin/addnewnotice',
      headers: { origin: 'https://evil.example', ...FORM },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await t.anonymous({ method: 'POST', url: '/administration', headers: FORM })).statusCode).toBe(404);
    expect((await t.anonymous({ method: 'POST', url: '/contact', headers: FORM })).statusCode).toBe(404);
    // A method no page takes is the page gate's answer (405), signed in or not.
    expect((await t.anonymous({ method: 'PUT', url: '/admin/addnewnotice', headers: FORM })).statusCode).toBe(404);
  });
});
