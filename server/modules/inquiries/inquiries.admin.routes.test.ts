import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INQUIRY_FORM_TIMING, type Inquiry, type InquiryFormToken } from '#common/inquiry.ts';
import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { type AdminTestApp, createAdminTestApp } from '#server/test-support/admin-session.ts';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp({ INQUIRY_MAX_PER_HOUR: '100' });
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});
// Only the clock is fake: a visitor's time filling in the form is moved forward, not waited for.
vi.useFakeTimers({ toFake: ['Date'] });

async function submit(subject: string): Promise<void> {
  const form = await t.anonymous({ method: 'GET', url: '/api/inquiries/form-token' });
  // Also gives each message its own createdAt, so the order is known.
  vi.setSystemTime(Date.now() + (INQUIRY_FORM_TIMING.minSeconds + 10) * 1000);
  const res = await t.anonymous({
    method: 'POST',
    url: '/api/inquiries',
    payload: {
      first_name: 'Sita',
      last_name: 'Sharma',
      phone: '+977 9841000000',
      email: 'sita@example.com',
      subject,
      message: 'When does the admission close?',
      form_token: form.json<InquiryFormToken>().token,
    },
  });
  expect(res.statusCode).toBe(201);
}

const list = async () => {
  const res = await t.asAdmin({ method: 'GET', url: '/api/admin/inquiries' });
  expect(res.statusCode).toBe(200);
  return res.json<{ inquiries: Inquiry[]; unhandled: number }>();
};

describe('admin inquiries', () => {
  it('lists inquiries newest first, all unread at first', async () => {
    await submit('First question');
    await submit('Second question');
    const { inquiries, unhandled } = await list();
    expect(inquiries.map((i) => i.subject)).toEqual(['Second question', 'First question']);
    expect(inquiries.every((i) => !i.handled)).toBe(true);
    expect(unhandled).toBe(2);
  });

  it('marks an inquiry handled and unread again, with the unread count following', async () => {
    const [newest] = (await list()).inquiries;
    const done = await t.asAdmin({
      method: 'PATCH',
      url: `/api/admin/inquiries/${newest!.id}`,
      payload: { handled: true },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json<Inquiry>()).toMatchObject({ id: newest!.id, handled: true });
    expect(await t.app.services.inquiries.countUnhandled()).toBe(1);
    const again = await t.asAdmin({
      method: 'PATCH',
      url: `/api/admin/inquiries/${newest!.id}`,
      payload: { handled: false },
    });
    expect(again.json<Inquiry>().handled).toBe(false);
    expect((await list()).unhandled).toBe(2);
  });

  it('rejects a handled flag that is not a boolean', async () => {
    const [newest] = (await list()).inquiries;
    const res = await t.asAdmin({
      method: 'PATCH',
      url: `/api/admin/inquiries/${newest!.id}`,
      payload: { handled: 'yes' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('deletes an inquiry (204) and answers 404 for one already gone, for delete and for patch', async () => {
    const [newest] = (await list()).inquiries;
    const url = `/api/admin/inquiries/${newest!.id}`;
    expect((await t.asAdmin({ method: 'DELETE', url })).statusCode).toBe(204);
    expect((await t.asAdmin({ method: 'DELETE', url })).statusCode).toBe(404);
    const patch = await t.asAdmin({ method: 'PATCH', url, payload: { handled: true } });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toEqual({ error: { code: 'not-found', message: 'This inquiry does not exist.' } });
    expect((await list()).inquiries).toHaveLength(1);
  });

  it('refuses an id that is no id (a NUL byte PostgreSQL cannot store) with 400, before the database', async () => {
    for (const id of ['%00abc', '..%2Fusers', 'a%20b']) {
      const res = await t.asAdmin({ method: 'DELETE', url: `/api/admin/inquiries/${id}` });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().error.message, id).toBe('There is no such item: an id is made of letters, digits and dashes.');
    }
    expect((await list()).inquiries).toHaveLength(1);
  });

  it('answers 401 on every inquiry route without a session and changes nothing', async () => {
    const [remaining] = (await list()).inquiries;
    const url = `/api/admin/inquiries/${remaining!.id}`;
    for (const req of [
      { method: 'GET', url: '/api/admin/inquiries' },
      { method: 'PATCH', url, payload: { handled: true } },
      { method: 'DELETE', url },
    ] as const) {
      const res = await t.anonymous(req);
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'auth/unauthenticated' } });
    }
    expect((await list()).inquiries).toEqual([remaining]);
  });

  it('pages the admin list, newest first, with the counts of all inquiries, and null past the last page', async () => {
    await submit('Third question');
    const all = (await list()).inquiries;
    expect(all.length).toBeGreaterThan(1);
    const first = await t.app.services.inquiries.listPage(COMMAND_LINE_ACTOR, 1, 1);
    expect(first).toMatchObject({ page: 1, pageCount: all.length, total: all.length });
    expect(first!.unread).toBe(all.filter((i) => i.state === 'new').length);
    expect(first!.inquiries).toEqual(all.slice(0, 1));
    const second = await t.app.services.inquiries.listPage(COMMAND_LINE_ACTOR, 2, 1);
    expect(second!.inquiries).toEqual(all.slice(1, 2));
    for (const page of [first!.pageCount + 1, 0, Number.NaN])
      expect(await t.app.services.inquiries.listPage(COMMAND_LINE_ACTOR, page, 1)).toBeNull();
  });
});
