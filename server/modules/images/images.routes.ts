import { z } from 'zod';
import { AlbumListSchema, AlbumWithPhotosSchema } from '#common/gallery.ts';
import { ImageFolderSchema, ImageListSchema } from '#common/image.ts';
import { notFound } from '#server/errors.ts';
import { PUBLIC_CACHE_CONTROL } from '#common/http-cache.ts';
import type { ApiPlugin } from '#server/http.ts';

export const publicImagesRoutes: ApiPlugin = async (app) => {
  app.get(
    '/images',
    {
      config: { responseCache: true },
      schema: {
        tags: ['public'],
        summary: 'Images of a folder, newest first, with their URLs, width and height',
        querystring: z.object({ folder: ImageFolderSchema }),
        response: { 200: ImageListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE_CONTROL);
      return { images: await app.services.images.list(request.query.folder) };
    },
  );

  app.get(
    '/albums',
    {
      config: { responseCache: true },
      schema: {
        tags: ['public'],
        summary: 'Published albums, newest event first, one page at a time',
        querystring: z.object({ page: z.coerce.number().int().min(1).default(1) }),
        response: { 200: AlbumListSchema },
      },
    },
    async (request, reply) => {
      const page = await app.services.albums.listPage(request.query.page);
      if (!page) throw notFound('page of albums');
      reply.header('cache-control', PUBLIC_CACHE_CONTROL);
      return page;
    },
  );

  app.get(
    '/albums/:slug',
    {
      config: { responseCache: true },
      schema: {
        tags: ['public'],
        summary: 'A published album and its photos in order',
        params: z.object({ slug: z.string().max(80) }),
        response: { 200: AlbumWithPhotosSchema },
      },
    },
    async (request, reply) => {
      const album = await app.services.albums.bySlug(request.params.slug);
      if (!album) throw notFound('album');
      reply.header('cache-control', PUBLIC_CACHE_CONTROL);
      return album;
    },
  );
};
