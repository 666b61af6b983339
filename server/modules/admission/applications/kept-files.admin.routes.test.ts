import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTestApp, SAME_ORIGIN, createAdminTestApp } from '#server/test-support/admin-session.ts';

let t: AdminTestApp;
let office = '';
beforeAll(async () => {
  t = await createAdminTestApp();
  office = await t.signInAs('office@test.np', 'admissions');
}, 120_000);
afterAll(() => t.close());

describe('the files refused forms keep, in the admin', () => {
  it('are shown to owners and deleted by one, audited; the admissions role may do neither', async () => {
    const kept = t.app.services.keptFiles;
    const token = '0b6c4a52-1c1f-4b8e-9d5e-2f1a7c3d9e10';
    await kept.keep(token, '198.51.100.1', 'photo', 'IMG_1.jpg', Buffer.alloc(1000, 1));
    await kept.keep(token, '198.51.100.1', 'character', 'c.pdf', Buffer.alloc(3000, 1));

    const usage = await t.asAdmin({ method: 'GET', url: '/api/admin/kept-application-files' });
    expect(usage.statusCode, usage.body).toBe(200);
    expect(usage.json()).toMatchObject({ files: 2, bytes: 4000, forms: 1, addresses: 1 });

    for (const method of ['GET', 'DELETE'] as const) {
      const url = '/api/admin/kept-application-files';
      const forbidden = await t.app.inject({ method, url, headers: { ...SAME_ORIGIN, cookie: office } });
      expect(forbidden.json()).toMatchObject({ error: { code: 'auth/forbidden' } });
    }

    const cleared = await t.asAdmin({ method: 'DELETE', url: '/api/admin/kept-application-files' });
    expect(cleared.json()).toEqual({ files: 2, bytes: 4000 });
    expect(await kept.list(token)).toEqual([]);
    const entries = await t.db.selectFrom('audit_log').select(['kind', 'subject']).execute();
    expect(entries).toContainEqual({ kind: 'kept-files-cleared', subject: '2 files, 4000 bytes, of 1 refused forms' });
  });
});
