import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const requests = new AsyncLocalStorage<FastifyRequest>();

/**
 * Every request's handling (API route or page action) runs with its request in reach, so a write deep
 * in a service can record who made it and from where without every signature carrying them.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    requests.run(request, done);
  });
}

/** The request being handled, or undefined outside one (the command line, start-up, a timer). */
export const currentRequest = (): FastifyRequest | undefined => requests.getStore();
