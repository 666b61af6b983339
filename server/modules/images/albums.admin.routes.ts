import { z } from 'zod';
import {
  AlbumInputSchema,
  AlbumOrderSchema,
  AlbumSchema,
  AlbumWithPhotosSchema,
  PhotoIdsSchema,
  PhotoTextSchema,
} from '#common/gallery.ts';
import { ImageSchema } from '#common/image.ts';
import { type ApiPlugin, IdParams, RecordId } from '#server/http.ts';
import { requestActor } from '#server/auth/actor.ts';

/** Albums and the photos in them for signed-in admins, under /api/admin (uploads: images.admin.routes.ts). */
export const adminAlbumsRoutes: ApiPlugin = async (app) => {
  const albums = app.services.albums;
  const photos = app.services.images;
  const config = { action: 'photos.edit' } as const;

  app.get(
    '/albums',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Every album, hidden ones too',
        response: { 200: z.object({ albums: z.array(AlbumSchema) }) },
      },
    },
    async (request) => ({ albums: await albums.listAll(await requestActor(request)) }),
  );

  app.post(
    '/albums',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Create an album (409 when its address is taken)',
        body: AlbumInputSchema,
        response: { 201: AlbumSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await albums.create(await requestActor(request), request.body)),
  );

  app.get(
    '/albums/:id',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'An album and its photos in order',
        params: IdParams,
        response: { 200: AlbumWithPhotosSchema },
      },
    },
    async (request) => albums.byId(await requestActor(request), request.params.id),
  );

  app.put(
    '/albums/:id',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Change an album',
        params: IdParams,
        body: AlbumInputSchema,
        response: { 200: AlbumSchema },
      },
    },
    async (request) => albums.update(await requestActor(request), request.params.id, request.body),
  );

  app.delete(
    '/albums/:id',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Delete an empty album (409 while it holds photos)',
        params: IdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await albums.remove(await requestActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/albums/:id/order',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: "Set an album's order: every photo of it once (409 when the album changed meanwhile)",
        params: IdParams,
        body: z.object({ ids: AlbumOrderSchema }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await albums.reorder(await requestActor(request), request.params.id, request.body.ids);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/albums/:id/order-by-capture',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: "Order an album by its photos' capture dates, earliest first (undated photos last)",
        params: IdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await albums.orderByCaptureDate(await requestActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/albums/:id/cover',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: "Set the album's cover to one of its photos",
        params: IdParams,
        body: z.object({ photoId: RecordId }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await albums.setCover(await requestActor(request), request.params.id, request.body.photoId);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/photos/:id/text',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: "A photo's caption and alt text, English and Nepali",
        params: IdParams,
        body: PhotoTextSchema,
        response: { 200: ImageSchema },
      },
    },
    async (request) => albums.setText(await requestActor(request), request.params.id, request.body),
  );

  app.post(
    '/photos/:id/step',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Move a photo one place earlier or later in its album',
        params: IdParams,
        body: z.object({ direction: z.enum(['earlier', 'later']) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await albums.step(await requestActor(request), request.params.id, request.body.direction);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/photos/:id/featured',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Promote a photo to the featured photos or take it back (409 when 3 are featured)',
        params: IdParams,
        body: z.object({ featured: z.boolean() }),
        response: { 200: ImageSchema },
      },
    },
    async (request) => albums.setFeatured(await requestActor(request), request.params.id, request.body.featured),
  );

  app.post(
    '/photos/move',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Move photos to the end of another album (all or none)',
        body: z.object({ ids: PhotoIdsSchema, albumId: RecordId }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await albums.move(await requestActor(request), request.body.ids, request.body.albumId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/photos/delete',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Delete several photos and their files (all or none: 404 when one is already gone)',
        body: z.object({ ids: PhotoIdsSchema }),
        response: { 200: z.object({ deleted: z.number().int() }) },
      },
    },
    async (request) => ({ deleted: await photos.removeMany(await requestActor(request), request.body.ids) }),
  );
};
