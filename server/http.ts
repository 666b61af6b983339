import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppServices } from './services.ts';

/** Every API module is a plugin of this type: zod schemas give validation, types and the OpenAPI description. */
export type ApiPlugin = FastifyPluginAsyncZod;

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/**
 * A record's id in an address (notices, photos, messages, people, attachments): the server makes them as
 * UUIDs, so anything else (a NUL byte, a path, text PostgreSQL cannot store) is refused before the database.
 */
export const RecordId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/u, 'There is no such item: an id is made of letters, digits and dashes.');

/** Parameters of a route addressed by one record's id. */
export const IdParams = z.object({ id: RecordId });
