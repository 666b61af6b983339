import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance } from 'fastify';
import { type ServerBuild, createRequestHandler } from 'react-router';
import { AppError } from '../errors.ts';
import type { LoadContext } from '../load-context.ts';
import { sendFetchResponse, toFetchRequest } from './fetch-bridge.ts';
import { registerFormBodyParsers } from './form-body.ts';
import { registerPageGate } from './page-gate.ts';
import { type UploadGateOptions, defaultUploadGate, registerUploadGate } from './upload-gate.ts';

export interface PagesOptions {
  buildDirectory: string;
  mode: 'development' | 'production';
  uploadMaxBytes: number;
  /** Page forms with files read and handled at once (UPLOAD_FORMS_AT_ONCE); one per core when not given. */
  uploadFormsAtOnce?: number | undefined;
  /** The gate's other limits (per address, slow senders); its defaults when not given. */
  uploadGate?: Partial<Omit<UploadGateOptions, 'concurrent'>>;
  getLoadContext: (request: Parameters<typeof toFetchRequest>[0]) => LoadContext;
}

const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * Serves React Router's pages and their built assets. In production the client build is served from
 * disk (hashed files under /assets cached for a year); in development Vite serves and rebuilds them.
 * Every other request goes to React Router, once the page gate has let it through (a page's method, a form's
 * encoding; server/pages/page-gate.ts), with its body already read within its limit.
 */
export async function registerPages(app: FastifyInstance, options: PagesOptions): Promise<void> {
  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (options.mode === 'development') {
    const vite = await import('vite').then((mod) => mod.createServer({ server: { middlewareMode: true } }));
    await app.register((await import('@fastify/middie')).default);
    app.use(vite.middlewares);
    app.addHook('onClose', () => vite.close());
    build = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  } else {
    const clientDir = path.join(options.buildDirectory, 'client');
    const assetsDir = path.join(clientDir, 'assets');
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      cacheControl: false,
      etag: true,
      lastModified: true,
      setHeaders(reply, file) {
        reply.header(
          'cache-control',
          file.startsWith(assetsDir) ? `public, max-age=${YEAR_SECONDS}, immutable` : 'public, max-age=3600',
        );
      },
    });
    const serverBuild = path.join(options.buildDirectory, 'server', 'index.js');
    build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  }
  const handle = createRequestHandler(build, options.mode);

  await app.register(async (pages) => {
    registerPageGate(pages);
    registerFormBodyParsers(pages, options.uploadMaxBytes);
    // On the root instance: /api/health tells a monitor when the line of forms with files is saturated.
    app.decorate(
      'uploadGate',
      registerUploadGate(pages, defaultUploadGate(options.uploadFormsAtOnce, options.uploadGate)),
    );
    // A page form's refusal (a method or an encoding no page takes, too large, a NUL, signed out on an
    // admin page) is answered as a short page, not as API JSON.
    pages.setErrorHandler((err: FastifyError | AppError, request, reply) => {
      // An AppError is worded for people (a 503 'busy' included); any other 5xx is a fault, logged and not shown.
      const worded = err instanceof AppError;
      const status = worded || (err.statusCode ?? 500) < 500 ? (err.statusCode ?? 400) : 500;
      if (status >= 500 && !worded) request.log.error({ err }, 'page request failed');
      const message =
        status === 413
          ? 'What was sent is larger than this form accepts. Nothing was saved.'
          : status >= 500 && !worded
            ? 'Something went wrong on our side. Nothing was saved; please try again.'
            : err.message;
      if (err instanceof AppError) reply.headers(err.headers);
      return reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(errorPage(message));
    });
    pages.all('/*', { config: { responseCache: true } }, async (request, reply) => {
      const response = await handle(toFetchRequest(request, reply), options.getLoadContext(request));
      // React Router refuses a form posted to a page without an action with a 405 that names no method.
      if (response.status === 405 && !response.headers.has('allow')) reply.header('allow', 'GET, HEAD');
      return sendFetchResponse(reply, response);
    });
  });
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/gu, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function errorPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Not sent</title></head><body><main><h1>Not sent</h1><p>${escapeHtml(message)}</p><p><a href="/">Go to the home page</a></p></main></body></html>`;
}
