import { z } from 'zod';
import { ImageFolderSchema, ImageListSchema } from '#common/image.ts';
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
};
