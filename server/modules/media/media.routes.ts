import type { FastifyPluginAsync } from 'fastify';
import { isValidKey, contentTypeForKey } from '#server/storage/storage.ts';
import type { Storage } from '#server/storage/storage.ts';
import { ATTACHMENT_PREFIX } from '#server/modules/notices/index.ts';
import { APPLICATION_PREFIX } from '#server/modules/admission/index.ts';
import { PHOTO_ORIGINAL_PREFIX } from '#server/modules/images/index.ts';

/**
 * Serves stored image variants. Names are content-addressed, so they are cached for a year. A notice's
 * attachments are not served here but at /attachments/, which knows their notice and their names, and an
 * applicant's documents only by the office's pages.
 */
export function mediaRoutes(storage: Storage): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { '*': string } }>('/media/*', async (request, reply) => {
      const key = request.params['*'];
      // Applicants' documents are never public: only the office's pages serve them. Nor is a photo's original
      // waiting for processing: it still carries its metadata.
      const servable =
        isValidKey(key) &&
        !key.startsWith(ATTACHMENT_PREFIX) &&
        !key.startsWith(APPLICATION_PREFIX) &&
        !key.startsWith(PHOTO_ORIGINAL_PREFIX);
      const object = servable ? await storage.get(key) : null;
      if (!object) return reply.status(404).type('text/plain').send('Not found');
      return reply
        .header('content-type', contentTypeForKey(key))
        .header('content-length', object.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(object.body);
    });
  };
}
