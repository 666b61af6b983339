import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTestApp, createAdminTestApp } from '#server/test-support/admin-session.ts';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp();
});
afterAll(() => t.close());

const publicStatus = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/admission' })).json<{ status: string }>().status;
const put = (payload: unknown) => t.asAdmin({ method: 'PUT', url: '/api/admin/admission', payload: payload as object });

describe('PUT /api/admin/admission', () => {
  it('opens admission and the public status follows at once, then switches back', async () => {
    expect(await publicStatus()).toBe('ADMISSION ENQUIRY');
    const open = await put({ status: 'ADMISSION OPEN' });
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual({ status: 'ADMISSION OPEN' });
    expect(await publicStatus()).toBe('ADMISSION OPEN');
    expect((await put({ status: 'ADMISSION ENQUIRY' })).statusCode).toBe(200);
    expect(await publicStatus()).toBe('ADMISSION ENQUIRY');
  });

  it('rejects any other value and keeps the stored status', async () => {
    for (const payload of [{ status: 'admission open' }, { status: 'CLOSED' }, {}, { status: null }]) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'validation' } });
    }
    expect(await publicStatus()).toBe('ADMISSION ENQUIRY');
  });

  it('answers 401 without a session and changes nothing', async () => {
    const res = await t.anonymous({
      method: 'PUT',
      url: '/api/admin/admission',
      payload: { status: 'ADMISSION OPEN' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { code: 'auth/unauthenticated' } });
    expect(await publicStatus()).toBe('ADMISSION ENQUIRY');
  });
});
