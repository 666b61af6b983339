import { z } from 'zod';
import { ImageFolderSchema, ImageListSchema } from '#common/image.ts';
import type { ApiPlugin } from '#server/http.ts';

export const publicImagesRoutes: ApiPlugin = async (app) => {
  app.get(
    '/images',
    {
      schema: {
        tags: ['public'],
        summary: 'Images of a folder, newest first, with their URLs, width and height',
        querystring: z.object({ folder: ImageFolderSchema }),
        response: { 200: ImageListSchema },
      },
    },
    async (request) => ({ images: await app.services.images.list(request.query.folder) }),
  );
};
