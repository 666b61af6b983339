// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- tests act as the command line on the real services
import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import type { ActionFunctionArgs } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ATTACHMENT_ERRORS } from '#common/notices/notice-attachments.ts';
import { NOTICE_UPLOAD_FIELDS, keptUploads } from '#common/notices/notice-uploads.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { makePdf } from '#server/pdf/test-pdfs.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { type AdminTestApp, createAdminTestApp, listFiles } from '#server/test-support/admin-session.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { buildImage } from '#server/test-support/factories.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { pageContext } from '#server/test-support/page-context.ts';
import { adminAction } from './admin-action.server.ts';
import type { WriteRefused } from './admin-result.ts';
import { createNotice } from './admin-writes.server.ts';

// The add-notice form as a browser posts it (the same multipart post with and without JavaScript), against
// the real app and database: a notice and its files are one action. PDFs are drawn in a worker: slow.
vi.setConfig({ testTimeout: 90_000 });
let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp();
}, 60_000);
afterAll(() => t?.close());

async function post(fields: [string, string | Blob][]) {
  const body = new FormData();
  body.append('intent', 'create');
  for (const [name, value] of fields) body.append(name, value);
  const request = new Request('http://site.test/admin/addnewnotice', { method: 'POST', body });
  const context = pageContext(t.app.services);
  const result = await adminAction({ request, context, params: {} } as unknown as ActionFunctionArgs, {
    create: createNotice,
  });
  return { status: result.init?.status ?? 200, body: result.data };
}

const text = (title: string): [string, string][] => [
  ['title', title],
  ['description', 'The examination routine for class eleven is attached to this notice.'],
  ['category', 'general'],
  ['language', 'en'],
];
const goodPdf = () => new File([new Uint8Array(makePdf({ pages: 2 }))], 'routine.pdf', { type: 'application/pdf' });
/** A program renamed to .pdf: the browser says PDF, the bytes say otherwise. */
const fakePdf = () =>
  new File([new Uint8Array(Buffer.from('MZ\x90\x00 not a pdf at all'))], 'routine-final.pdf', {
    type: 'application/pdf',
  });
const byTitle = async (title: string) => (await t.app.services.notices.listAll()).filter((n) => n.title === title);
const publishedFiles = async () =>
  (await listFiles(t.uploadsDir)).filter((f) => f.startsWith('notices/') && !f.startsWith('notices/pending/'));
const pendingFiles = async () => (await listFiles(t.uploadsDir)).filter((f) => f.startsWith('notices/pending/'));

describe('a notice and its attachments, one action', () => {
  it('a refused file leaves no notice and no published file, and keeps the accepted one for the form', async () => {
    const before = await publishedFiles();
    const title = 'Routine with a fake PDF';
    const refused = await post([...text(title), ['attachments', goodPdf()], ['attachments', fakePdf()]]);
    expect(refused.status).toBe(400);
    const body = refused.body as WriteRefused;
    expect(body).toMatchObject({
      ok: false,
      title: 'Failed to create notice.',
      code: ATTACHMENT_ERRORS.unsupported.code,
    });
    expect(body.message).toBe(`routine-final.pdf: ${ATTACHMENT_ERRORS.unsupported.message}`);
    expect(body.fieldErrors?.attachments).toContain('routine-final.pdf');
    expect(body.values).toMatchObject({ title });
    expect(await byTitle(title)).toEqual([]);
    expect(await publishedFiles()).toEqual(before);
    const kept = keptUploads(body.values);
    expect(kept.map((k) => k.name)).toEqual(['routine.pdf']);
    expect(await pendingFiles()).toHaveLength(1);

    // Sent again without the bad file: published once, with the kept file, and nothing left waiting.
    const token = body.values![NOTICE_UPLOAD_FIELDS.token]!;
    const saved = await post([
      ...text(title),
      [NOTICE_UPLOAD_FIELDS.token, token],
      [NOTICE_UPLOAD_FIELDS.keep, kept[0]!.key],
    ]);
    expect(saved.body).toMatchObject({ ok: true, message: 'Notice created successfully.' });
    const notices = await byTitle(title);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.attachments.map((a) => [a.kind, a.pages])).toEqual([['pdf', 2]]);
    expect(await pendingFiles()).toEqual([]);
    await t.app.services.notices.remove(COMMAND_LINE_ACTOR, notices[0]!.id);
  });

  it('a field to correct keeps the accepted files too; an unticked kept file is left out and forgotten', async () => {
    const title = 'Routine, description missing';
    const refused = await post([
      ['title', title],
      ['description', ''],
      ['category', 'general'],
      ['language', 'en'],
      ['attachments', goodPdf()],
      ['attachments', new File([new Uint8Array(await buildImage())], 'IMG_1.jpg', { type: 'image/jpeg' })],
    ]);
    const body = refused.body as WriteRefused;
    expect(body.fieldErrors?.description).toBeTruthy();
    expect(body.fieldErrors?.attachments).toBeUndefined();
    const kept = keptUploads(body.values);
    expect(kept.map((k) => k.name)).toEqual(['routine.pdf', 'img_1.jpg']);
    expect(await byTitle(title)).toEqual([]);

    const token = body.values![NOTICE_UPLOAD_FIELDS.token]!;
    const saved = await post([
      ...text(title),
      [NOTICE_UPLOAD_FIELDS.token, token],
      [NOTICE_UPLOAD_FIELDS.keep, kept[1]!.key],
    ]);
    expect(saved.body).toMatchObject({ ok: true });
    const [notice] = await byTitle(title);
    expect(notice!.attachments.map((a) => a.kind)).toEqual(['image']);
    expect(await pendingFiles()).toEqual([]);
    await t.app.services.notices.remove(COMMAND_LINE_ACTOR, notice!.id);
  });

  it('a kept file of another form cannot be named: only the form token’s own files are read', async () => {
    const title = 'Routine naming a stranger';
    const saved = await post([
      ...text(title),
      [NOTICE_UPLOAD_FIELDS.token, 'not-a-token'],
      [NOTICE_UPLOAD_FIELDS.keep, 'notices/pending/00000000-0000-4000-8000-000000000000/1-x.pdf'],
    ]);
    expect(saved.body).toMatchObject({ ok: true });
    const [notice] = await byTitle(title);
    expect(notice!.attachments).toEqual([]);
    await t.app.services.notices.remove(COMMAND_LINE_ACTOR, notice!.id);
  });
});
