// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- tests act as the command line on the real services
import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import type { ActionFunctionArgs } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ATTACHMENT_ERRORS, NOTICE_ATTACHMENT_LIMITS } from '#common/notices/notice-attachments.ts';
// The test starts the real app for the writes' load context; the pages themselves reach it only through that context.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { makePdf } from '#server/pdf/test-pdfs.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { type AdminTestApp, createAdminTestApp, listFiles } from '#server/test-support/admin-session.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { buildImage, buildNoticeInput } from '#server/test-support/factories.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { pageContext } from '#server/test-support/page-context.ts';
import { adminAction } from './admin-action.server.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';
import { addNoticeAttachments, removeNoticeAttachment } from './admin-writes.server.ts';

// The edit page's attachment forms as a browser without JavaScript posts them, against the real app and a
// real database (SQLite, or PostgreSQL with DATABASE_URL). PDFs are drawn in a worker: slow on a busy machine.
vi.setConfig({ testTimeout: 90_000 });
let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp();
}, 60_000);
afterAll(() => t?.close());

async function post(noticeId: string, fields: [string, string | Blob][]) {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  const request = new Request(`http://site.test/admin/notice/${noticeId}/edit`, { method: 'POST', body });
  const context = pageContext(t.app.services);
  const writes = {
    'add-attachments': addNoticeAttachments(noticeId),
    'remove-attachment': removeNoticeAttachment(noticeId),
  };
  const result = await adminAction(
    { request, context, params: { id: noticeId } } as unknown as ActionFunctionArgs,
    writes,
  );
  return { status: result.init?.status ?? 200, body: result.data };
}

const newNotice = async (title: string) =>
  (await t.app.services.notices.create(COMMAND_LINE_ACTOR, buildNoticeInput({ title }))).id;
const attachmentsOf = async (id: string) => (await t.app.services.notices.get(id)).attachments;
const noticeFiles = async () => (await listFiles(t.uploadsDir)).filter((f) => f.startsWith('notices/'));

describe("the edit page's attachment forms", () => {
  it('adds the posted files in order, and says so', async () => {
    const id = await newNotice('Routine with files');
    const pdf = new File([new Uint8Array(makePdf({ pages: 2 }))], 'routine.pdf', { type: 'application/pdf' });
    const photo = new File([new Uint8Array(await buildImage())], 'IMG_1.jpg', { type: 'image/jpeg' });
    const res = await post(id, [
      ['intent', 'add-attachments'],
      ['attachments', pdf],
      ['attachments', photo],
    ]);
    expect(res).toEqual({ status: 200, body: { ok: true, message: ADMIN_MESSAGES.noticeAttach.done } });
    expect((await attachmentsOf(id)).map((a) => [a.kind, a.pages])).toEqual([
      ['pdf', 2],
      ['image', null],
    ]);
  });

  it('refuses a form without a file, and one past the limit, keeping what is attached', async () => {
    const id = await newNotice('Routine, full');
    const empty = await post(id, [
      ['intent', 'add-attachments'],
      ['attachments', new File([], '')],
    ]);
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ ok: false, fieldErrors: { attachments: ATTACHMENT_ERRORS.missing.message } });

    const image = await buildImage();
    for (let i = 0; i < NOTICE_ATTACHMENT_LIMITS.perNotice; i++)
      await t.app.services.attachments.add(COMMAND_LINE_ACTOR, id, image);
    const before = await noticeFiles();
    const sixth = await post(id, [
      ['intent', 'add-attachments'],
      ['attachments', new File([new Uint8Array(image)], 'six.jpg')],
    ]);
    expect(sixth.status).toBe(409);
    expect(sixth.body).toMatchObject({
      ok: false,
      title: ADMIN_MESSAGES.noticeAttach.failed,
      message: ATTACHMENT_ERRORS.full.message,
    });
    expect(await attachmentsOf(id)).toHaveLength(NOTICE_ATTACHMENT_LIMITS.perNotice);
    expect(await noticeFiles()).toEqual(before);
  });

  it('removes one attachment and its files, then answers 404 for it', async () => {
    const id = await newNotice('Routine, one less');
    const kept = await t.app.services.attachments.add(COMMAND_LINE_ACTOR, id, await buildImage());
    const before = await noticeFiles();
    const gone = await t.app.services.attachments.add(COMMAND_LINE_ACTOR, id, makePdf());
    const res = await post(id, [
      ['intent', 'remove-attachment'],
      ['id', gone.id],
    ]);
    expect(res).toEqual({ status: 200, body: { ok: true, message: ADMIN_MESSAGES.noticeDetach.done } });
    expect(await attachmentsOf(id)).toEqual([kept]);
    expect(await noticeFiles()).toEqual(before);
    const again = await post(id, [
      ['intent', 'remove-attachment'],
      ['id', gone.id],
    ]);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ ok: false, title: ADMIN_MESSAGES.noticeDetach.failed });
  });

  it("refuses another notice's attachment, changing nothing", async () => {
    const owner = await newNotice('Routine, owner');
    const other = await newNotice('Routine, other');
    const attachment = await t.app.services.attachments.add(COMMAND_LINE_ACTOR, owner, await buildImage());
    const res = await post(other, [
      ['intent', 'remove-attachment'],
      ['id', attachment.id],
    ]);
    expect(res.status).toBe(404);
    expect(await attachmentsOf(owner)).toEqual([attachment]);
  });
});
