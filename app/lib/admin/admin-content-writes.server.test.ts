import type { ActionFunctionArgs } from 'react-router';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLIDE_ALT_REQUIRED } from '#common/site-content/banner.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the page actions run on the real services and database here
import { pageContext } from '#server/test-support/page-context.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the page actions run on the real services and database here
import { type TestApp, createTestApp } from '#server/test-support/test-app.ts';
import { adminAction } from './admin-action.server.ts';
import { CONTENT_WRITES } from './admin-content-writes.server.ts';
import { collegeFormValues } from '../college-form.ts';

// The page actions of /admin/content and /admin/banner against the real content service and database.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const contextOf = () => pageContext(t.services);

function post(page: string, body: FormData | Record<string, string>): ActionFunctionArgs {
  const form = body instanceof FormData ? body : new URLSearchParams(body);
  const request = new Request(`http://site.test${page}`, { method: 'POST', body: form });
  return { request, context: contextOf(), params: {} } as ActionFunctionArgs;
}

const collegeWrites = CONTENT_WRITES.content;
const bannerWrites = CONTENT_WRITES.banner;

async function collegeForm() {
  const { version, updatedAt: _, ...college } = await t.services.content.get('college');
  return collegeFormValues(college, version);
}

const answer = async (result: ReturnType<typeof adminAction>) => {
  const { data, init } = await result;
  return { status: init?.status ?? 200, body: data };
};

describe('/admin/content action', () => {
  it('saves the college as typed and answers Saved.', async () => {
    const values = { ...(await collegeForm()), intent: 'save', 'phones.1': '056-123456', 'motto.ne': 'भविष्य खोल्नुहोस्' };
    const { status, body } = await answer(adminAction(post('/admin/content', values), collegeWrites));
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true, message: 'Saved.' });
    const saved = await t.services.content.get('college');
    expect(saved.phones[1]).toBe('056-123456');
    expect(saved.motto.ne).toBe('भविष्य खोल्नुहोस्');
  });

  it('refuses each field with the schema’s words at its own name and keeps what was typed', async () => {
    const before = await t.services.content.get('college');
    const values = {
      ...(await collegeForm()),
      intent: 'save',
      'phones.0': 'call us',
      'name.en': '',
      'social.facebook': 'https://example.com/us',
    };
    const { status, body } = await answer(adminAction(post('/admin/content', values), collegeWrites));
    expect(status).toBe(400);
    expect(body).toMatchObject({
      ok: false,
      title: 'Could not save:',
      fieldErrors: {
        'phones.0': 'A phone number must contain digits.',
        'name.en': "Enter the college's name.",
        'social.facebook':
          'The Facebook link must be an address on facebook.com, such as https://www.facebook.com/yourcollege.',
      },
      values: { 'phones.0': 'call us', 'name.en': '' },
    });
    expect((await t.services.content.get('college')).version).toBe(before.version);
  });

  it('refuses a save from a stale copy with 409 and the words of the vocabulary', async () => {
    const stale = await collegeForm();
    await answer(adminAction(post('/admin/content', { ...stale, intent: 'save', 'motto.en': 'First' }), collegeWrites));
    const { status, body } = await answer(
      adminAction(post('/admin/content', { ...stale, intent: 'save', 'motto.en': 'Second' }), collegeWrites),
    );
    expect(status).toBe(409);
    expect(body).toMatchObject({
      ok: false,
      code: 'content/stale',
      message: 'This was changed by someone else meanwhile. Reload to see the latest version.',
      values: { 'motto.en': 'Second' },
    });
    expect((await t.services.content.get('college')).motto.en).toBe('First');
  });

  it('adds, moves and removes phone rows without saving (the buttons of a form without JavaScript)', async () => {
    const values: Record<string, string> = { ...(await collegeForm()), 'phones.0': 'a1', 'phones.1': 'b2' };
    const before = (await t.services.content.get('college')).version;
    const edit = async (intent: string, from: Record<string, string>) => {
      const { body } = await answer(adminAction(post('/admin/content', { ...from, intent }), collegeWrites));
      expect(body).toMatchObject({ ok: true, message: null });
      return (body as { values: Record<string, string> }).values;
    };
    const added = await edit('phone-add', values);
    expect([added['phones.0'], added['phones.1'], added['phones.2']]).toEqual(['a1', 'b2', '']);
    const moved = await edit('phone-up-1', added);
    expect([moved['phones.0'], moved['phones.1'], moved['phones.2']]).toEqual(['b2', 'a1', '']);
    const removed = await edit('phone-remove-2', moved);
    expect(removed['phones.2']).toBeUndefined();
    expect(removed['name.en']).toBe(values['name.en']);
    expect((await t.services.content.get('college')).version).toBe(before);
  });
});

describe('/admin/banner action', () => {
  const jpeg = () =>
    sharp({ create: { width: 640, height: 360, channels: 3, background: '#3a6ea5' } })
      .jpeg()
      .toBuffer();

  function upload(alt: string, file: Buffer | null) {
    const form = new FormData();
    form.set('intent', 'upload');
    form.set('alt', alt);
    form.set('altNe', '');
    if (file) form.set('file', new File([new Uint8Array(file)], 'slide.jpg', { type: 'image/jpeg' }));
    return post('/admin/banner', form);
  }

  it('refuses a slide without a description, and adds one with it at the end', async () => {
    const before = (await t.services.content.get('banner')).slides.length;
    const refused = await answer(adminAction(upload('  ', await jpeg()), bannerWrites));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ fieldErrors: { alt: SLIDE_ALT_REQUIRED } });
    const missing = await answer(adminAction(upload('A photo', null), bannerWrites));
    expect(missing.body).toMatchObject({ fieldErrors: { file: 'Please select a image.' } });

    const done = await answer(adminAction(upload('Students in the library', await jpeg()), bannerWrites));
    expect(done.body).toEqual({ ok: true, message: 'Saved.' });
    const slides = (await t.services.content.get('banner')).slides;
    expect(slides).toHaveLength(before + 1);
    expect(slides.at(-1)).toMatchObject({ alt: { en: 'Students in the library' }, picture: { isDefault: false } });
  });

  it("edits a slide's description in place, refuses an empty one beside it and a stale copy", async () => {
    const { version, slides } = await t.services.content.get('banner');
    const [first, second] = slides;
    const describeSlide = (id: string, en: string, ne: string, at: number) =>
      answer(
        adminAction(
          post('/admin/banner', {
            intent: 'slide',
            form: `slide-${id}`,
            id,
            version: String(at),
            'alt.en': en,
            'alt.ne': ne,
          }),
          bannerWrites,
        ),
      );
    const empty = await describeSlide(first!.id, ' ', '', version);
    expect(empty).toMatchObject({ status: 400, body: { fieldErrors: { 'alt.en': SLIDE_ALT_REQUIRED } } });

    const done = await describeSlide(first!.id, 'The front gate in spring', 'वसन्तमा मूल ढोका', version);
    // The answer names the form that sent it, so the page shows it there when JavaScript is off.
    expect(done.body).toEqual({ ok: true, message: 'Saved.', form: `slide-${first!.id}` });
    const after = await t.services.content.get('banner');
    expect(after.slides[0]).toMatchObject({
      id: first!.id,
      alt: { en: 'The front gate in spring', ne: 'वसन्तमा मूल ढोका' },
    });
    expect(after.slides[1]).toEqual(second);

    const stale = await describeSlide(first!.id, 'From an older copy', '', version);
    expect(stale).toMatchObject({ status: 409, body: { code: 'content/stale' } });
    expect((await t.services.content.get('banner')).slides[0]!.alt.en).toBe('The front gate in spring');
  });

  it('moves a slide one place and deletes it; the last slide cannot be deleted', async () => {
    const ids = () => t.services.content.get('banner').then((b) => b.slides.map((s) => s.id));
    const start = await ids();
    const last = start.at(-1)!;
    await answer(adminAction(post('/admin/banner', { intent: 'move', id: last, move: 'up' }), bannerWrites));
    expect((await ids()).at(-2)).toBe(last);
    await answer(adminAction(post('/admin/banner', { intent: 'move', id: start[0]!, move: 'up' }), bannerWrites));
    expect((await ids())[0]).toBe(start[0]);

    const [keep, ...others] = await ids();
    for (const id of others) {
      const { status } = await answer(adminAction(post('/admin/banner', { intent: 'delete', id }), bannerWrites));
      expect(status).toBe(200);
    }
    const refused = await answer(adminAction(post('/admin/banner', { intent: 'delete', id: keep! }), bannerWrites));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ title: 'Could not save:', message: 'The banner needs at least 1 slide.' });
    expect(await ids()).toHaveLength(1);
    const gone = await answer(adminAction(post('/admin/banner', { intent: 'delete', id: last }), bannerWrites));
    expect(gone.body).toMatchObject({ code: 'content/unknown-item' });
  });
});
