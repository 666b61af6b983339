import { INQUIRY_STATES, type InquiryState } from '#common/inquiry.ts';
import { apiErrorMessage, refusalOf } from '#common/api-error.ts';
import type { ImageFolder } from '#common/image.ts';
import { ATTACHMENT_ERRORS, NOTICE_ATTACHMENT_LIMITS } from '#common/notices/notice-attachments.ts';
import { randomUUID } from 'node:crypto';
import type { AppLoadContext } from 'react-router';
import { NOTICE_UPLOAD_FIELDS, isUploadToken } from '#common/notices/notice-uploads.ts';
import type { CheckedAttachment } from '#server/modules/notices/index.ts';
import type { AdminWrite, WritingAdmin } from './admin-action.server.ts';
import { formText } from './admin-form.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';
import { noticeFormErrors, noticeFormInput, noticeFormValuesOf } from '../notice-form-values.ts';

/**
 * The admin's writes, each calling the same service as its JSON API route, so a rule lives once. Pages
 * pick the ones their forms post (app/lib/admin/admin-action.server.ts), by the form's `intent`.
 */

/**
 * The notice form's fields, its B.S. dates converted to what the notice API takes (the same input as the
 * JSON route's), and the form's refused fields (null when none), as the form itself checks them.
 */
function noticeInput(form: FormData) {
  const values = noticeFormValuesOf(form);
  return { input: noticeFormInput(values).input, fieldErrors: noticeFormErrors(values) };
}

type Services = AppLoadContext['services'];

/** A file the form had kept that the server no longer has (kept for about an hour). */
const KEPT_FILE_GONE = 'This file was kept for an hour only and is gone. Please choose it again.';

/** The files chosen in a form's attachments field (a field left empty sends one nameless, empty file). */
const attachedFiles = (form: FormData) =>
  form.getAll('attachments').filter((f): f is File => f instanceof File && f.size > 0);

/** What the notice form's files became: checked ones to save, and a line per refused one. */
interface CheckedFiles {
  checked: CheckedAttachment[];
  accepted: { name: string; body: Buffer }[];
  refused: { name: string; code: string; message: string }[];
}

async function checkFiles(files: { name: string; body: Buffer }[], services: Services, admin: WritingAdmin) {
  const out: CheckedFiles = { checked: [], accepted: [], refused: [] };
  for (const file of files) {
    try {
      out.checked.push(await services.attachments.check(admin, file.body));
      out.accepted.push(file);
    } catch (err) {
      const refusal = refusalOf(err);
      if (!refusal) throw err;
      out.refused.push({ name: file.name, code: refusal.code, message: refusal.message });
    }
  }
  return out;
}

const F = NOTICE_UPLOAD_FIELDS;

/**
 * A notice and its files are one action: every file is checked first, and only when all are accepted (and
 * the fields are right) are the notice and its attachments saved together. Otherwise nothing is published;
 * the files accepted so far wait on the server under the form's token (a browser cannot send a file again
 * without JavaScript) and the form comes back listing them, ticked, beside each refused file's reason.
 */
export const createNotice: AdminWrite = {
  action: 'notices.edit',
  messages: ADMIN_MESSAGES.noticeCreate,
  async run(form, services, admin) {
    const { input, fieldErrors: refusedFields } = noticeInput(form);
    const sentToken = formText(form, F.token);
    const token = isUploadToken(sentToken) ? sentToken : randomUUID();
    const ticked = new Set(form.getAll(F.keep).filter((k) => typeof k === 'string'));
    const kept = isUploadToken(sentToken) ? await services.attachments.pending(admin, token) : [];
    const keep = kept.filter((k) => ticked.has(k.key));
    await services.attachments.dropPending(
      admin,
      kept.filter((k) => !ticked.has(k.key)).map((k) => k.key),
    );
    const files = attachedFiles(form);
    if (keep.length + files.length > NOTICE_ATTACHMENT_LIMITS.perNotice) {
      return {
        fieldErrors: { attachments: ATTACHMENT_ERRORS.full.message },
        values: { [F.token]: token, [F.attached]: JSON.stringify(keep) },
      };
    }
    const gone: typeof keep = [];
    const keptFiles: { name: string; body: Buffer }[] = [];
    for (const k of keep) {
      const body = await services.attachments.readPending(admin, token, k.key);
      if (body) keptFiles.push({ name: k.name, body });
      else gone.push(k);
    }
    const fromKept = await checkFiles(keptFiles, services, admin);
    const sent = await Promise.all(
      files.map(async (f) => ({ name: f.name || 'file', body: Buffer.from(await f.arrayBuffer()) })),
    );
    const fromForm = await checkFiles(sent, services, admin);
    const refused = [
      ...gone.map(({ name }) => ({ name, code: 'notice/attachment-missing', message: KEPT_FILE_GONE })),
      ...fromKept.refused,
      ...fromForm.refused,
    ];
    const fieldErrors = refusedFields ?? {};
    if (refused.length > 0 || Object.keys(fieldErrors).length > 0) {
      // Nothing is saved: the files accepted this time wait with those kept before, for the corrected form.
      const stillKept = keep.filter((k) => !gone.includes(k));
      for (const file of fromForm.accepted) {
        stillKept.push(await services.attachments.keepPending(admin, token, file.name, file.body));
      }
      const lines = refused.map((r) => `${r.name}: ${r.message}`);
      if (lines.length > 0) fieldErrors.attachments = lines.join('\n');
      return {
        fieldErrors,
        values: { [F.token]: token, [F.attached]: JSON.stringify(stillKept) },
        ...(refused[0] ? { refusal: { code: refused[0].code, message: lines.join(' ') } } : {}),
      };
    }
    const notice = await services.notices.createWithAttachments(admin, input, [
      ...fromKept.checked,
      ...fromForm.checked,
    ]);
    await services.attachments.dropPending(
      admin,
      keep.map((k) => k.key),
    );
    return { created: notice.id };
  },
};

/** Saves the edit form; a notice deleted meanwhile is refused with 404 by the service, and nothing changes. */
export const updateNotice: AdminWrite = {
  action: 'notices.edit',
  messages: ADMIN_MESSAGES.noticeUpdate,
  async run(form, services, admin) {
    const { input, fieldErrors } = noticeInput(form);
    if (fieldErrors) return { fieldErrors };
    await services.notices.update(admin, formText(form, 'id'), input);
  },
};

/**
 * Adds the files posted with the edit page's attachments form (without JavaScript; with it each file goes to
 * the upload API, with progress). Each file is checked and stored on its own: one refused keeps those before it.
 */
export const addNoticeAttachments = (noticeId: string): AdminWrite => ({
  action: 'notices.edit',
  messages: ADMIN_MESSAGES.noticeAttach,
  async run(form, services, admin) {
    const files = attachedFiles(form);
    if (files.length === 0) return { fieldErrors: { attachments: ATTACHMENT_ERRORS.missing.message } };
    for (const file of files) await services.attachments.add(admin, noticeId, Buffer.from(await file.arrayBuffer()));
    return undefined;
  },
});

/** Removes one of the notice's attachments (its id posted by the list's Delete button). */
export const removeNoticeAttachment = (noticeId: string): AdminWrite => ({
  action: 'notices.edit',
  messages: ADMIN_MESSAGES.noticeDetach,
  run: async (form, services, admin) =>
    services.attachments.remove(admin, noticeId, formText(form, 'id')).then(() => undefined),
});

export const deleteNotice: AdminWrite = {
  action: 'notices.edit',
  messages: ADMIN_MESSAGES.noticeDelete,
  run: async (form, services, admin) => services.notices.remove(admin, formText(form, 'id')).then(() => undefined),
};

export const uploadImage = (folder: ImageFolder): AdminWrite => ({
  action: 'photos.edit',
  messages: ADMIN_MESSAGES.imageUpload,
  async run(form, services, admin) {
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) return { fieldErrors: { file: apiErrorMessage('image/missing') } };
    // The body was read by the server within the upload limit; the pipeline decides by content what it is.
    await services.images.create(admin, folder, Buffer.from(await file.arrayBuffer()));
  },
});

export const deleteImage: AdminWrite = {
  action: 'photos.edit',
  messages: ADMIN_MESSAGES.imageDelete,
  run: async (form, services, admin) => services.images.remove(admin, formText(form, 'id')).then(() => undefined),
};

export const setInquiryHandled: AdminWrite = {
  action: 'inquiries.handle',
  messages: ADMIN_MESSAGES.inquiryHandled,
  async run(form, services, admin) {
    await services.inquiries.setHandled(admin, formText(form, 'id'), formText(form, 'handled') === 'true');
  },
};

export const deleteInquiry: AdminWrite = {
  action: 'inquiries.handle',
  messages: ADMIN_MESSAGES.inquiryDelete,
  run: async (form, services, admin) => services.inquiries.remove(admin, formText(form, 'id')).then(() => undefined),
};

/** The office's reply to an inquiry, e-mailed to its sender through the outbox. */
export const replyToInquiry: AdminWrite = {
  action: 'inquiries.handle',
  messages: ADMIN_MESSAGES.inquiryReply,
  async run(form, services, admin) {
    const body = formText(form, 'reply');
    if (!body.trim()) return { fieldErrors: { reply: 'Write the reply first.' } };
    const inquiry = await services.inquiries.reply(admin, formText(form, 'id'), body);
    // The service sent it the way the route names (it refuses a reply no way can carry).
    const route = inquiry.replyRoute;
    const way = route.channel === 'sms' ? `by SMS to ${route.to}` : `by e-mail to ${inquiry.email}`;
    return { done: `Reply saved. It goes ${way} in the background; its delivery shows under the reply.` };
  },
};

/** The office answered an inquiry by phone (no message can reach the visitor, or a call was simpler). */
export const markInquiryAnsweredByPhone: AdminWrite = {
  action: 'inquiries.handle',
  messages: ADMIN_MESSAGES.inquiryAnsweredByPhone,
  async run(form, services, admin) {
    await services.inquiries.answeredByPhone(admin, formText(form, 'id'), formText(form, 'note'));
    return undefined;
  },
};

/** An inquiry moved to new, answered or closed. */
export const setInquiryState: AdminWrite = {
  action: 'inquiries.handle',
  messages: ADMIN_MESSAGES.inquiryState,
  async run(form, services, admin) {
    const state = formText(form, 'state');
    if (!(INQUIRY_STATES as readonly string[]).includes(state)) return { fieldErrors: { state: 'Choose a state.' } };
    await services.inquiries.setState(admin, formText(form, 'id'), state as InquiryState);
    return undefined;
  },
};
