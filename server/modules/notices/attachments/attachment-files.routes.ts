import type { FastifyPluginAsync } from 'fastify';
import { contentTypeForKey } from '#server/storage/storage.ts';
import { ATTACHMENTS_PATH } from './attachment-files.ts';

/** The extension of a served file name, for the name given in Content-Disposition. */
const extension = (key: string) => key.slice(key.lastIndexOf('.') + 1);

/**
 * A notice's attachments, at `/attachments/<id>/<file>`: the PDF under a name made from the notice's
 * title, and its picture's sizes under their content-hashed names. Each is sent with its own type and
 * `nosniff`; a PDF opened in the browser runs in a sandbox, never as this site.
 */
export const attachmentFilesRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { id: string; file: string } }>(`${ATTACHMENTS_PATH}:id/:file`, async (request, reply) => {
    const { id, file } = request.params;
    const found = id.length <= 64 && file.length <= 200 ? await app.services.attachments.publicFile(id, file) : null;
    const object = found ? await app.services.attachments.get(found.key) : null;
    if (!found || !object) return reply.status(404).type('text/plain').send('Not found');
    const isPdf = found.key === found.row.file_key;
    const name = isPdf ? `${found.row.served_name}.pdf` : `${found.row.served_name}.${extension(found.key)}`;
    reply
      .header('content-type', isPdf ? 'application/pdf' : contentTypeForKey(found.key))
      .header('content-length', object.size)
      .header('content-disposition', `inline; filename="${name}"`)
      .header('x-content-type-options', 'nosniff')
      // The names hold the content's hash, but a notice may be deleted: caches keep it a day at most.
      .header('cache-control', 'public, max-age=86400');
    if (isPdf) reply.header('content-security-policy', 'sandbox');
    return reply.send(object.body);
  });
};
