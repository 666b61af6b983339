import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notice } from '#common/notices/notice.ts';
import { type AdminTestApp, createAdminTestApp } from '#server/test-support/admin-session.ts';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i + 1}`).join(' ');
const buildNotice = (overrides: Record<string, unknown> = {}) => ({
  title: 'Exam routine published',
  description: words(12),
  ...overrides,
});

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp();
});
afterAll(() => t.close());

const create = (payload: unknown) =>
  t.asAdmin({ method: 'POST', url: '/api/admin/notices', payload: payload as object });

describe('POST /api/admin/notices', () => {
  it('creates a notice with a server-set createdDate and lists it first', async () => {
    const before = Date.now();
    const res = await create(
      buildNotice({
        title: '  Holiday notice  ',
        link: 'https://example.com/n',
        createdDate: '1999-01-01T00:00:00.000Z',
      }),
    );
    expect(res.statusCode).toBe(201);
    const notice = res.json<Notice>();
    expect(notice).toMatchObject({ title: 'Holiday notice', link: 'https://example.com/n' });
    expect(Date.parse(notice.createdDate)).toBeGreaterThanOrEqual(before - 1000);
    const list = await t.app.inject({ method: 'GET', url: '/api/notices' });
    expect(list.json<{ notices: Notice[] }>().notices[0]?.id).toBe(notice.id);
  });

  it('stores the language a notice is written in, English unless told, and edits it', async () => {
    expect((await create(buildNotice())).json<Notice>().language).toBe('en');
    const nepali = await create(
      buildNotice({ title: 'परीक्षा तालिका', description: 'परीक्षा आउँदो हप्ता सुरु हुन्छ। सबैलाई जानकारी।', language: 'ne' }),
    );
    expect(nepali.statusCode).toBe(201);
    const { id, language } = nepali.json<Notice>();
    expect(language).toBe('ne');
    const listed = (await t.app.inject({ method: 'GET', url: '/api/notices' })).json<{ notices: Notice[] }>();
    expect(listed.notices.find((n) => n.id === id)?.language).toBe('ne');
    const edited = await t.asAdmin({
      method: 'PUT',
      url: `/api/admin/notices/${id}`,
      payload: buildNotice({ language: 'en' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Notice>().language).toBe('en');
  });

  it('refuses a language the site does not have, and stores nothing', async () => {
    const count = await t.app.services.notices.count();
    const res = await create(buildNotice({ language: 'hi' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'validation', message: 'Choose English or Nepali.' } });
    expect(await t.app.services.notices.count()).toBe(count);
  });

  it('stores a missing or empty link as null', async () => {
    expect((await create(buildNotice())).json<Notice>().link).toBeNull();
    expect((await create(buildNotice({ link: '' }))).json<Notice>().link).toBeNull();
  });

  it.each([
    ['a title of 4 characters', { title: 'abcd' }, 'Title must be at least 5 characters.'],
    ['a title of 61 characters', { title: 'a'.repeat(61) }, 'Title must be less than 60 characters.'],
    ['a description of 4 words', { description: words(4) }, 'Description must be at least 5 words.'],
    ['a description of 151 words', { description: words(151) }, 'Description must be less than 150 words.'],
    [
      'a link of 101 characters',
      { link: `https://example.com/${'x'.repeat(81)}` },
      'Link must be less than 100 characters.',
    ],
  ])('rejects %s with the specification message and stores nothing', async (_name, overrides, message) => {
    const count = await t.app.services.notices.count();
    const res = await create(buildNotice(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'validation', message } });
    expect(await t.app.services.notices.count()).toBe(count);
  });

  it('accepts the limits themselves: 60 characters, 150 words, a 100-character link', async () => {
    const res = await create(
      buildNotice({ title: 'a'.repeat(60), description: words(150), link: `https://example.com/${'x'.repeat(80)}` }),
    );
    expect(res.statusCode).toBe(201);
  });

  it('rejects a link that is not a web address, and a body that is not an object', async () => {
    expect((await create(buildNotice({ link: 'javascript:alert(1)' }))).statusCode).toBe(400);
    expect((await create(buildNotice({ title: 42 }))).statusCode).toBe(400);
    expect((await create([])).statusCode).toBe(400);
  });

  it('refuses a cross-site request even with a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/notices',
      headers: { cookie: t.cookie, origin: 'https://evil.example' },
      payload: buildNotice(),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('DELETE /api/admin/notices/:id', () => {
  it('deletes a notice (204), then answers 404 for the one already gone', async () => {
    const { id } = (await create(buildNotice())).json<Notice>();
    const first = await t.asAdmin({ method: 'DELETE', url: `/api/admin/notices/${id}` });
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe('');
    const second = await t.asAdmin({ method: 'DELETE', url: `/api/admin/notices/${id}` });
    expect(second.statusCode).toBe(404);
    expect(second.json()).toEqual({ error: { code: 'not-found', message: 'This notice does not exist.' } });
  });
});

describe('without a session', () => {
  it('answers 401 on every notice route and changes nothing', async () => {
    const count = await t.app.services.notices.count();
    const { id } = (await create(buildNotice())).json<Notice>();
    for (const [method, url] of [
      ['POST', '/api/admin/notices'],
      ['DELETE', `/api/admin/notices/${id}`],
    ] as const) {
      const res = await t.anonymous({ method, url, payload: method === 'POST' ? buildNotice() : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'auth/unauthenticated' } });
    }
    expect(await t.app.services.notices.count()).toBe(count + 1);
  });
});
