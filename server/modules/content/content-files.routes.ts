import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { PROSPECTUS_URL } from '#common/site-content/downloads.ts';
import { createHash } from 'node:crypto';
import { DRAWINGS_PATH } from './builtin-files.ts';
import { ICON_SIZES, type IconPath, LOGO_PATH } from './logo-files.ts';

/** What a drawing served by the site may do: draw itself, never run or fetch anything. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** The stored name "Sunrise Academy" → "sunrise-academy-prospectus.pdf": our own name, never an uploader's file name. */
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
      .header('content-security-policy', SVG_CSP)
      .header('x-content-type-options', 'nosniff')
      .send(drawing.body);
  });

  // The logo under its content hash (kept for a year); an old name is gone once the logo changes.
  app.get<{ Params: { file: string } }>(`${LOGO_PATH}:file`, async (request, reply) => {
    const logo = await app.services.content.logoFile(request.params.file);
    if (!logo) return notFound(reply);
    return reply
      .header('content-type', logo.format === 'svg' ? 'image/svg+xml' : 'image/png')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', SVG_CSP)
      .header('x-content-type-options', 'nosniff')
      .send(logo.body);
  });

  // The icons keep their addresses (browsers ask for them by name), so each is revalidated by its ETag,
  // which names the logo it was drawn from.
  for (const path of Object.keys(ICON_SIZES) as IconPath[]) {
    app.get(path, async (request, reply) => {
      const { body, etag } = await app.services.content.icon(path);
      reply.header('content-type', 'image/png').header('cache-control', 'no-cache').header('etag', etag);
      if (matches(request, etag)) return reply.status(304).send();
      return reply.send(body);
    });
  }

  // The web app manifest: the college's name and main colour, and the icons drawn from its logo.
  app.get('/manifest.webmanifest', async (request, reply) => {
    const { college } = await app.services.content.site();
    const body = JSON.stringify({
      name: college.name.en,
      short_name: college.shortName.en,
      start_url: '/',
      display: 'browser',
      background_color: '#ffffff',
      theme_color: college.colours.main,
      icons: [192, 512].map((size) => ({
        src: `/icons/icon-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png',
      })),
    });
    const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`;
    reply.header('content-type', 'application/manifest+json').header('cache-control', 'no-cache').header('etag', etag);
    if (matches(request, etag)) return reply.status(304).send();
    return reply.send(body);
  });
};
