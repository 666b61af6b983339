import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppServices } from './services.ts';

/** Every API module is a plugin of this type: zod schemas give validation, types and the OpenAPI description. */
export type ApiPlugin = FastifyPluginAsyncZod;

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}
