import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import {
  ATTACHMENT_ERRORS,
  AttachmentSchema,
  NOTICE_ATTACHMENT_LIMITS as L,
} from '#common/notices/notice-attachments.ts';
import { badRequest, payloadTooLarge } from '#server/errors.ts';
import { type ApiPlugin, IdParams, RecordId } from '#server/http.ts';
import { formatMegabytes } from '#common/bytes.ts';
import { readUpload, type UploadErrors } from '#server/modules/content/index.ts';
import { requestActor } from '#server/auth/actor.ts';

const AttachmentParams = IdParams.extend({ attachmentId: RecordId });

/** A notice's PDFs and scans, for signed-in admins, under /api/admin. */
export const adminAttachmentsRoutes: ApiPlugin = async (app) => {
  const maxBytes = Math.max(app.services.images.limits.maxBytes, L.pdfBytes);
  // Registered here, so only these routes accept multipart bodies.
  await app.register(fastifyMultipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 1024, parts: 5, headerPairs: 50 },
  });
  const errors: UploadErrors = {
    missing: () => badRequest(ATTACHMENT_ERRORS.missing.code, ATTACHMENT_ERRORS.missing.message),
    tooLarge: () => payloadTooLarge(`The file is larger than ${formatMegabytes(maxBytes)}. Nothing was saved.`),
    unreadable: () => badRequest('image/bad-upload'),
  };

  app.post(
    '/notices/:id/attachments',
    {
      config: { action: 'notices.edit' },
      schema: {
        tags: ['admin'],
        summary: 'Attach a PDF or a scan (JPEG, PNG, WebP, AVIF) to a notice',
        description:
          'Multipart, one file in a part named "file", decided by its content, never its name or declared type. ' +
          `A PDF: at most ${formatMegabytes(L.pdfBytes)} and ${L.pdfPages} pages, opened and its first page drawn ` +
          'within a time limit (415 pdf/too-slow otherwise). A scan: the photo limits. 404 when the notice is gone, ' +
          `409 when it already has ${L.perNotice} attachments, 415 for any other kind of file.`,
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 201: AttachmentSchema },
      },
    },
    async (request, reply) => {
      const { file } = await readUpload(request, { maxBytes, errors });
      return reply
        .status(201)
        .send(await app.services.attachments.add(await requestActor(request), request.params.id, file));
    },
  );

  app.delete(
    '/notices/:id/attachments/:attachmentId',
    {
      config: { action: 'notices.edit' },
      schema: {
        tags: ['admin'],
        summary: "Remove one of a notice's attachments and its files (404 when it is already gone)",
        params: AttachmentParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await app.services.attachments.remove(
        await requestActor(request),
        request.params.id,
        request.params.attachmentId,
      );
      return reply.status(204).send(null);
    },
  );
};
