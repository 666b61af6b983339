import { AdmissionStatusSchema } from '#common/admission.ts';
import { apiErrorMessage } from '#common/api-error.ts';
import type { ImageFolder } from '#common/image.ts';
import { type NoticeInput, NoticeInputSchema } from '#common/notice.ts';
import { ATTACHMENT_ERRORS, NOTICE_ATTACHMENT_LIMITS } from '#common/notice-attachments.ts';
import type { AdminWrite } from './admin-action.server.ts';
import { fieldErrorsOf, formText } from './admin-form.ts';
import { ADMIN_MESSAGES, admissionUnchanged } from './admin-messages.ts';

/**
 * The admin's writes, each calling the same service as its JSON API route, so a rule lives once. Pages
 * pick the ones their forms post (app/lib/admin-action.server.ts), by the form's `intent`.
 */

/** The notice form's fields, as typed. */
const noticeInput = (form: FormData): NoticeInput => ({
  title: formText(form, 'title'),
  description: formText(form, 'description'),
  link: formText(form, 'link'),
  category: formText(form, 'category'),
  referenceNo: formText(form, 'referenceNo'),
  publishAt: formText(form, 'publishAt'),
  pinnedUntil: formText(form, 'pinnedUntil'),
  language: formText(form, 'language'),
});

/** The files chosen in a form's attachments field (a field left empty sends one nameless, empty file). */
const attachedFiles = (form: FormData) =>
  form.getAll('attachments').filter((f): f is File => f instanceof File && f.size > 0);

export const createNotice: AdminWrite = {
  action: 'notices.edit',
  messages: ADMIN_MESSAGES.noticeCreate,
  async run(form, services, admin) {
    const input = noticeInput(form);
    const fieldErrors = fieldErrorsOf(NoticeInputSchema, input);
    if (fieldErrors) return { fieldErrors };
    // Files come with the form only without JavaScript; with it, they follow the answer one by one, with progress.
    const files = attachedFiles(form);
    if (files.length > NOTICE_ATTACHMENT_LIMITS.perNotice) {
      return { fieldErrors: { attachments: ATTACHMENT_ERRORS.full.message } };
    }
    const notice = await services.notices.create(admin, input);
    try {
      for (const file of files) await services.attachments.add(admin, notice.id, Buffer.from(await file.arrayBuffer()));
    } catch (err) {
      // All or nothing: a refused file takes the new notice (and the files attached before it) away again.
      await services.notices.remove(admin, notice.id);
      throw err;
    }
    return { created: notice.id };
  },
};

/** Saves the edit form; a notice deleted meanwhile is refused with 404 by the service, and nothing changes. */
export const updateNotice: AdminWrite = {
  action: 'notices.edit',
  messages: ADMIN_MESSAGES.noticeUpdate,
  async run(form, services, admin) {
    const input = noticeInput(form);
    const fieldErrors = fieldErrorsOf(NoticeInputSchema, input);
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

export const setAdmissionStatus: AdminWrite = {
  action: 'admission.edit',
  messages: ADMIN_MESSAGES.admission,
  async run(form, services, admin) {
    const parsed = AdmissionStatusSchema.safeParse(formText(form, 'status'));
    if (!parsed.success) return { fieldErrors: { status: apiErrorMessage('validation') } };
    // Only a changed value is saved; the browser's button waits for a change, a form sent without it cannot.
    if (parsed.data === (await services.admission.get())) return { done: admissionUnchanged(parsed.data) };
    await services.admission.set(admin, parsed.data);
  },
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
