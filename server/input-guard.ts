import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

const NUL = '\u0000';
const MAX_DEPTH = 20;

/** Whether any string in a parsed value (or any key of an object in it) holds a NUL character. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes(NUL) || containsNul(item, depth + 1));
}

/**
 * Refuses, with a 400, any API request whose path parameters, query or JSON body holds a NUL character.
 * PostgreSQL cannot store one in text and answers with an error (a 500 here); SQLite would store it and
 * every later reader would trip on it. No real form or client sends one. Found by
 * server/fuzz/api.property.test.ts on PostgreSQL.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw badRequest('validation', 'The request contains a NUL character, which no text may hold.');
    }
  });
}
