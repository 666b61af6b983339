import { publicResultsRoutes, publicAdmissionRoutes } from '#server/modules/admission/index.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTENT_LIMITS } from '#common/site-content/limits.ts';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import {
  type ZodTypeProvider,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Db } from './db/db.ts';
import type { Env } from './env.ts';
import { adminScope, requireAction } from './auth/admin-scope.ts';
import { registerAuth } from './auth/auth-plugin.ts';
import { sessionCookieSettings } from './auth/session-cookie.ts';
import { registerResponseCache } from './cache/response-cache.ts';
import { registerCompression } from './compression.ts';
import { registerErrorHandler } from './errors.ts';
import { registerInputGuard } from './input-guard.ts';
import { redactingLoggerOptions } from './log-redaction.ts';
import { createGetLoadContext } from './load-context.ts';
import { adminRoutePlugins } from './modules/admin-routes.ts';
import { registerOldAddresses } from './modules/import/index.ts';
import { registerCalendarSync } from './modules/calendar/index.ts';
import { contentFilesRoutes, publicContentRoutes } from './modules/content/index.ts';
import { authRoutes } from './modules/auth/index.ts';
import { feedsRoutes } from './modules/feeds/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { publicImagesRoutes } from './modules/images/index.ts';
import { publicInquiriesRoutes } from './modules/inquiries/index.ts';
import { mediaRoutes } from './modules/media/index.ts';
import { attachmentFilesRoutes, publicNoticesRoutes } from './modules/notices/index.ts';
import { welcomeRoutes } from './modules/staff/index.ts';
import { publicVitalsRoutes } from './modules/vitals/index.ts';
import { registerPages } from './pages/pages-plugin.ts';
import { uploadGateSettings } from './pages/upload-gate.ts';
import { httpTimeouts } from './http-timeouts.ts';
import { terminalLogStream } from './startup/terminal.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import type { Clock } from './clock.ts';
import { createServices } from './services.ts';
import type { Storage } from './storage/storage.ts';
import type { SmsProvider } from '#common/messages.ts';
import './http.ts';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface BuildAppOptions {
  env: Env;
  db: Db;
  storage: Storage;
  /** Serve the React Router pages from ./build (false for API-only tests). */
  pages?: boolean;
  /** The services' clock (tests move it); the system's by default. */
  clock?: Clock;
  /** Started by a person in a terminal: plain log lines instead of JSON (server/startup/terminal.ts). */
  terminal?: boolean;
  /** Write the JSON log here at LOG_LEVEL, whatever NODE_ENV (tests read what the server logs). */
  logStream?: DestinationStream;
  /** Where the SMS providers' APIs are (tests: a local stand-in). */
  smsBaseUrls?: Record<SmsProvider, string>;
}

export async function buildApp({
  env,
  db,
  storage,
  pages = true,
  clock,
  terminal = false,
  logStream,
  smsBaseUrls,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // A person in a terminal reads plain lines of warnings and errors; a service keeps JSON logs. Either
    // way no one-time link's token and no query string reaches the log (server/log-redaction.ts).
    logger: {
      ...redactingLoggerOptions,
      ...(logStream
        ? { level: env.LOG_LEVEL, stream: logStream }
        : env.NODE_ENV === 'test'
          ? { level: 'silent' }
          : terminal
            ? { level: 'warn', stream: terminalLogStream() }
            : { level: env.LOG_LEVEL }),
    },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    ...httpTimeouts(env),
    routerOptions: { ignoreTrailingSlash: false },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerSecurityHeaders(app, {
    siteUrl: env.siteUrl,
    // Images served straight from a bucket or CDN (docs/operations.md) must pass the pages' img-src.
    assetOrigin: env.PUBLIC_ASSET_BASE_URL ? new URL(env.PUBLIC_ASSET_BASE_URL).origin : undefined,
    // Called per page, once services exist: the pages may frame only the map and video the college set.
    embedUrls: () => app.services.content.embedUrls(),
  });
  const services = createServices({
    db,
    storage,
    env,
    log: app.log,
    ...(clock ? { clock } : {}),
    ...(smsBaseUrls ? { smsBaseUrls } : {}),
  });
  app.addHook('onClose', async () => services.messages.close());
  app.addHook('onClose', async () => void services.stopReleasing());
  // Before the render cache: a page made after a change to the B.S. calendar converts dates with it.
  registerCalendarSync(app, services.calendarTable);
  // Before the render cache: an old WordPress address such as `/?p=12` would otherwise be served as `/`.
  registerOldAddresses(app, services.oldAddresses);
  // Before compression: cached answers carry their own compressed variants.
  if (env.RENDER_CACHE) registerResponseCache(app, services.contentVersion);
  // After the cache: a page served from memory writes nothing, so it needs no request context.
  registerCompression(app);
  registerInputGuard(app);

  app.decorate('services', services);
  // Set by server/main.ts on SIGTERM; /api/health answers 503 while the process drains.
  app.decorate('readiness', { draining: false });
  await registerAuth(app, {
    auth: services.auth,
    cookie: sessionCookieSettings(env.siteUrl, env.SESSION_MAX_HOURS * 3600),
    siteUrl: env.siteUrl,
  });

  await app.register(fastifySwagger, {
    // The title is the college's stored name, put in when the description is asked for (/api/docs).
    openapi: { info: { title: 'College website API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      // The API takes JSON (and multipart for uploads), never text/plain, which a cross-site form could send.
      api.removeContentTypeParser('text/plain');
      await api.register(healthRoutes(env.HEALTH_TOKEN));
      await api.register(publicAdmissionRoutes);
      await api.register(publicResultsRoutes);
      await api.register(publicNoticesRoutes);
      await api.register(publicImagesRoutes);
      await api.register(publicContentRoutes);
      await api.register(publicInquiriesRoutes);
      await api.register(publicVitalsRoutes);
      await api.register(authRoutes);
      await api.register(welcomeRoutes);
      await api.register(adminScope(adminRoutePlugins), { prefix: '/admin' });
      // The description maps every admin route and what it takes: the owners' only, as the audit log is.
      api.get('/docs', { schema: { hide: true }, onRequest: requireAction('api.describe') }, async () => {
        const doc = app.swagger();
        const { name } = (await services.content.site()).college;
        return { ...doc, info: { ...doc.info, title: `${name.en} API` } };
      });
      api.all('/*', { schema: { hide: true } }, async (_request, reply) =>
        reply.status(404).send({ error: { code: 'not-found', message: 'No such API route.' } }),
      );
    },
    { prefix: '/api' },
  );
  await app.register(mediaRoutes(storage));
  await app.register(contentFilesRoutes);
  await app.register(attachmentFilesRoutes);
  await app.register(feedsRoutes(env.siteUrl));

  if (pages) {
    await registerPages(app, {
      buildDirectory: path.join(PROJECT_ROOT, 'build'),
      mode: env.NODE_ENV === 'development' ? 'development' : 'production',
      // A page form may carry a photo, or the prospectus (posted to /admin/downloads without JavaScript).
      uploadMaxBytes: Math.max(env.UPLOAD_MAX_MB * 1024 * 1024, CONTENT_LIMITS.prospectusBytes),
      uploadFormsAtOnce: env.UPLOAD_FORMS_AT_ONCE,
      uploadGate: uploadGateSettings(env),
      getLoadContext: createGetLoadContext(services, env.siteUrl),
    });
  }
  return app;
}
