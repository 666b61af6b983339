import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { PROSPECTUS_URL } from '#common/site-content/downloads.ts';
import { DRAWINGS_PATH } from './builtin-files.ts';

/** "Orbit College" → "orbit-college-prospectus.pdf": our own name, never an uploader's file name. */
export function prospectusFileName(collegeName: string): string {
  const slug = collegeName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/gu, '-')
    .replace(/^-+|-+$/gu, '');
  return slug === '' ? 'prospectus.pdf' : `${slug}-prospectus.pdf`;
}

const notFound = (reply: FastifyReply) => reply.status(404).type('text/plain').send('Not found');

const matches = (request: FastifyRequest, etag: string) =>
  (request.headers['if-none-match'] ?? '')
    .split(',')
    .map((t) => t.trim().replace(/^W\//u, ''))
    .includes(etag);

/**
 * Files of the college's content served by the site itself: the prospectus at one address that stays
 * when it is replaced (so every browser revalidates it), and the banner drawings under content-hashed
 * names (kept for a year).
 */
export const contentFilesRoutes: FastifyPluginAsync = async (app) => {
  app.get(PROSPECTUS_URL, async (request, reply) => {
    const [file, site] = await Promise.all([app.services.content.prospectusFile(), app.services.content.site()]);
    if (!file) return notFound(reply);
    const etag = `"${file.sha256.slice(0, 32)}"`;
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${prospectusFileName(site.college.name.en)}"`)
      // Opened in the browser's viewer, a PDF's scripts and forms run in a sandbox, never as this site.
      .header('content-security-policy', 'sandbox')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-cache')
      .header('etag', etag);
    if (matches(request, etag)) {
      if ('destroy' in file.body) file.body.destroy();
      return reply.status(304).send();
    }
    return reply.header('content-length', file.bytes).send(file.body);
  });

  app.get<{ Params: { file: string } }>(`${DRAWINGS_PATH}:file`, async (request, reply) => {
    const drawing = await app.services.content.drawing(request.params.file);
    if (!drawing) return notFound(reply);
    return reply
      .header('content-type', 'image/svg+xml')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('x-content-type-options', 'nosniff')
      .send(drawing.body);
  });
};
