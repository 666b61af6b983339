import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { BannerSchema } from '#common/site-content/banner.ts';
import { CollegeViewSchema } from '#common/site-content/college.ts';
import { CoursesSchema } from '#common/site-content/courses.ts';
import { LOGO_ERRORS } from '#common/site-content/logo.ts';
import { DownloadsSchema, PDF_ERRORS } from '#common/site-content/downloads.ts';
import { CONTENT_LIMITS } from '#common/site-content/limits.ts';
import { MessageKeySchema, MessagesSchema } from '#common/site-content/people.ts';
import { ItemIdSchema } from '#common/site-content/picture.ts';
import { versioned } from '#common/site-content/site.ts';
import { badRequest, refusal } from '#server/errors.ts';
import type { ApiPlugin } from '#server/http.ts';
import { imageTooLarge } from '#server/images/image-pipeline.ts';
import { type UploadErrors, readUpload } from './multipart-upload.ts';
import { requestActor } from '#server/auth/actor.ts';

const IMAGE_UPLOAD =
  'Multipart, one file in a part named "file": a JPEG, PNG, WebP or AVIF image, checked by its content, with ' +
  'the same limits and messages as photo uploads (413 over the size or pixel limit, 415 when it is not a ' +
  'readable image). Answers the section with its new version: later saves of the section must send it.';

/** Uploads that change the college's content, under /api/admin/content. */
export const adminContentUploadRoutes: ApiPlugin = async (app) => {
  const { content } = app.services;
  const imageBytes = app.services.images.limits.maxBytes;

  // Registered here, so only these routes accept multipart bodies; each route sets its own file size.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: Math.max(imageBytes, CONTENT_LIMITS.prospectusBytes),
      files: 1,
      fields: 4,
      fieldSize: 4096,
      parts: 6,
      headerPairs: 50,
    },
  });

  const imageErrors: UploadErrors = {
    missing: () => badRequest('image/missing'),
    tooLarge: () => imageTooLarge(imageBytes),
    unreadable: () => badRequest('image/bad-upload'),
  };
  const pdfErrors: UploadErrors = {
    missing: () => badRequest(PDF_ERRORS.missing.code, PDF_ERRORS.missing.message),
    tooLarge: () => refusal(PDF_ERRORS.tooLarge.code, PDF_ERRORS.tooLarge.message),
    unreadable: () => badRequest('pdf/bad-upload'),
  };
  const readImage = (request: Parameters<typeof readUpload>[0], fields: string[] = []) =>
    readUpload(request, { maxBytes: imageBytes, fields, errors: imageErrors });

  app.post(
    '/content/banner/slides',
    {
      config: { action: 'content.edit' },
      schema: {
        tags: ['admin', 'content'],
        summary: 'Add a slide at the end of the banner: its photo and its description (alt text)',
        description: `${IMAGE_UPLOAD} Text fields "alt" (required) and "altNe" (Nepali, optional). 409 when the banner is full.`,
        consumes: ['multipart/form-data'],
        response: { 201: versioned(BannerSchema) },
      },
    },
    async (request, reply) => {
      const { file, fields } = await readImage(request, ['alt', 'altNe']);
      const alt = { en: fields.alt ?? '', ne: fields.altNe ?? '' };
      const state = await content.uploads.addBannerSlide(await requestActor(request), file, { alt });
      return reply.status(201).send(await content.view('banner', state));
    },
  );

  app.post(
    '/content/courses/:id/picture',
    {
      config: { action: 'content.edit' },
      schema: {
        tags: ['admin', 'content'],
        summary: 'Show this picture on a course card instead of its icon',
        description: `${IMAGE_UPLOAD} 404 when the course does not exist.`,
        consumes: ['multipart/form-data'],
        params: z.object({ id: ItemIdSchema }),
        response: { 200: versioned(CoursesSchema) },
      },
    },
    async (request) => {
      const { file } = await readImage(request);
      return content.view(
        'courses',
        await content.uploads.setCoursePicture(await requestActor(request), request.params.id, file),
      );
    },
  );

  app.post(
    '/content/messages/:key/photo',
    {
      config: { action: 'content.edit' },
      schema: {
        tags: ['admin', 'content'],
        summary: "The chairman's or principal's photo, replacing the one before",
        description: IMAGE_UPLOAD,
        consumes: ['multipart/form-data'],
        params: z.object({ key: MessageKeySchema }),
        response: { 200: versioned(MessagesSchema) },
      },
    },
    async (request) => {
      const { file } = await readImage(request);
      return content.view(
        'messages',
        await content.uploads.setMessagePhoto(await requestActor(request), request.params.key, file),
      );
    },
  );

  const logoErrors: UploadErrors = {
    missing: () => badRequest(LOGO_ERRORS.missing.code, LOGO_ERRORS.missing.message),
    tooLarge: () => refusal(LOGO_ERRORS.tooLarge.code, LOGO_ERRORS.tooLarge.message),
    unreadable: () => badRequest('image/bad-upload'),
  };

  app.post(
    '/content/college/logo',
    {
      config: { action: 'content.edit' },
      schema: {
        tags: ['admin', 'content'],
        summary: "The college's logo (PNG or SVG), drawn in the header, the footer, the admin and the icons",
        description:
          'Multipart, one file in a part named "file", at most 1 MB, checked by its content: a PNG (re-encoded ' +
          'without its metadata) or an SVG without scripts, event handlers, foreignObject, DOCTYPE or references ' +
          'outside itself. 413 over the size; 415 with logo/unsupported or logo/unsafe-svg (naming why) otherwise.',
        consumes: ['multipart/form-data'],
        response: { 200: versioned(CollegeViewSchema) },
      },
    },
    async (request) => {
      const { file } = await readUpload(request, { maxBytes: CONTENT_LIMITS.logoBytes, errors: logoErrors });
      return content.view('college', await content.uploads.setLogo(await requestActor(request), file));
    },
  );

  app.delete(
    '/content/college/logo',
    {
      config: { action: 'content.edit' },
      schema: {
        tags: ['admin', 'content'],
        summary: 'Remove the logo: the pages and icons go back to the mark the site ships with',
        response: { 200: versioned(CollegeViewSchema) },
      },
    },
    async (request) => content.view('college', await content.uploads.removeLogo(await requestActor(request))),
  );

  app.post(
    '/content/downloads/prospectus',
    {
      config: { action: 'content.edit' },
      schema: {
        tags: ['admin', 'content'],
        summary: 'Upload the prospectus (PDF); it stays at /downloads/prospectus.pdf',
        description:
          'Multipart, one file in a part named "file", at most 20 MB. Accepted by its content: the PDF header, ' +
          'the end-of-file marker and a successful parse with at least one page. 413 over the size; 415 with ' +
          'pdf/unsupported, pdf/unreadable, pdf/encrypted or pdf/too-slow otherwise.',
        consumes: ['multipart/form-data'],
        response: { 200: versioned(DownloadsSchema) },
      },
    },
    async (request) => {
      const { file } = await readUpload(request, { maxBytes: CONTENT_LIMITS.prospectusBytes, errors: pdfErrors });
      return content.view('downloads', await content.uploads.uploadProspectus(await requestActor(request), file));
    },
  );
};
