import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ImageFolderSchema, ImageListSchema, ImageSchema } from '#common/image.ts';
import { BULK_PHOTOS_MAX, PhotoStateSchema } from '#common/gallery.ts';
import { AppError, badRequest } from '#server/errors.ts';
import { type ApiPlugin, IdParams } from '#server/http.ts';
import { imageTooLarge } from '#server/images/image-pipeline.ts';
import { requestActor } from '#server/auth/actor.ts';

const FolderParams = z.object({ folder: ImageFolderSchema });

/** The specification's message when no file was chosen (SPEC.md section 5), worded in common/api-error.ts. */
const missingFile = () => badRequest('image/missing');

/**
 * Images for signed-in admins, under /api/admin. An upload is one multipart part named `file`; its
 * bytes decide what it is (server/images/image-pipeline.ts), and its client file name is never used.
 */
export const adminImagesRoutes: ApiPlugin = async (app) => {
  const { maxBytes } = app.services.images.limits;
  const tooLarge = () => imageTooLarge(maxBytes);

  // Registered here, so only this plugin's routes accept multipart bodies.
  await app.register(fastifyMultipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 1024, parts: 5, headerPairs: 50 },
  });

  /** Reads the one `file` part into memory (bounded by fileSize), translating the parser's errors. */
  async function readUpload(request: FastifyRequest): Promise<Buffer> {
    if (!request.isMultipart()) throw missingFile();
    let part: MultipartFile | undefined;
    try {
      part = await request.file();
      if (!part) throw missingFile();
      if (part.fieldname !== 'file') {
        part.file.resume(); // drain it, so the request still ends normally
        throw missingFile();
      }
      const body = await part.toBuffer();
      if (body.length === 0) throw missingFile();
      return body;
    } catch (err) {
      if (err instanceof AppError) throw err;
      const code = (err as { code?: unknown }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      const status = (err as { statusCode?: unknown }).statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        throw badRequest('image/bad-upload');
      }
      throw err;
    }
  }

  app.get(
    '/images/:folder',
    {
      config: { action: 'photos.edit' },
      schema: {
        tags: ['admin'],
        summary: 'Images of a folder, newest first',
        params: FolderParams,
        response: { 200: ImageListSchema },
      },
    },
    async (request) => ({ images: await app.services.images.list(request.params.folder) }),
  );

  app.post(
    '/images/:folder',
    {
      config: { action: 'photos.edit' },
      schema: {
        tags: ['admin'],
        summary: 'Upload a JPEG, PNG, WebP, AVIF or HEIC image (multipart, one part named "file")',
        description:
          'The content decides the format, not the name or declared type. 413 over the size or pixel limit, ' +
          '415 when it is not a readable image, 409 when the featured folder already holds 3 images.',
        consumes: ['multipart/form-data'],
        params: FolderParams,
        response: { 201: ImageSchema },
      },
    },
    async (request, reply) => {
      const body = await readUpload(request);
      const image = await app.services.images.create(await requestActor(request), request.params.folder, body);
      return reply.status(201).send(image);
    },
  );

  app.post(
    '/albums/:id/photos',
    {
      config: { action: 'photos.edit' },
      schema: {
        tags: ['admin'],
        summary: 'Upload one photo to an album (multipart, one part named "file"); it is processed in the background',
        description:
          '202 with its id and state "processing" once the original is stored; it joins the end of the album when ' +
          'ready (GET /api/admin/photos/states). 415 at once when the file is plainly not an image; a damaged ' +
          'image becomes "failed" with the reason. 503 with Retry-After when PHOTO_QUEUE_MAX photos already wait ' +
          '(nothing stored); 404 when the album does not exist.',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 202: PhotoStateSchema },
      },
    },
    async (request, reply) => {
      const body = await readUpload(request);
      const actor = await requestActor(request);
      const queued = await app.services.images.enqueue(actor, request.params.id, body);
      return reply.status(202).send({ ...queued, failure: '' });
    },
  );

  app.get(
    '/photos/states',
    {
      config: { action: 'photos.edit' },
      schema: {
        tags: ['admin'],
        summary: 'Where uploaded photos stand: processing, ready or failed (with the reason)',
        description: 'Photos deleted meanwhile are left out.',
        querystring: z.object({
          ids: z
            .string()
            .transform((v) => v.split(',').filter(Boolean))
            .pipe(z.array(z.string().uuid()).min(1).max(BULK_PHOTOS_MAX)),
        }),
        response: { 200: z.object({ photos: z.array(PhotoStateSchema) }) },
      },
    },
    async (request) => {
      return { photos: await app.services.photoQueue.states(await requestActor(request), request.query.ids) };
    },
  );

  app.delete(
    '/images/:id',
    {
      config: { action: 'photos.edit' },
      schema: {
        tags: ['admin'],
        summary: 'Delete an image and its files (404 when it is already gone)',
        params: IdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await app.services.images.remove(await requestActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
