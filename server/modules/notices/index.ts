/**
 * Notices' face: notices and their attachments, as the rest of the server and app/ use them.
 * Other modules, app/, scripts/ and tests import from here, never from the files behind it.
 */

// The notices service, when the next notice change is due, and removing a notice row (the demo)
export { type NoticesService, createNoticesService, nextNoticeChange } from './notices.service.ts';
export { deleteNotice } from './notices.repository.ts';

// Attachments: the service, a checked upload and their stored files
export {
  type AttachmentsService,
  type CheckedAttachment,
  createAttachmentsService,
} from './attachments/attachments.service.ts';
export { ATTACHMENT_PREFIX, attachmentFiles, attachmentKeys } from './attachments/attachment-files.ts';

// Routes
export { publicNoticesRoutes } from './notices.routes.ts';
export { adminNoticesRoutes } from './notices.admin.routes.ts';
export { adminAttachmentsRoutes } from './attachments/attachments.admin.routes.ts';
export { attachmentFilesRoutes } from './attachments/attachment-files.routes.ts';
