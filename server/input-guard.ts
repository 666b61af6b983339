import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

const NUL = '\u0000';
const MAX_DEPTH = 20;

const isPlainObject = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * Whether any string in a parsed value (or any key of an object in it) holds a NUL character. Only
 * what a parser makes is walked: strings, arrays and plain objects. A stream, a buffer or any other
 * object is not parsed data (page routes get their body as bytes and check it where it is read,
 * server/pages/form-body.ts); walking one once cost seconds of the event loop per request. Each value is
 * visited once, so the work is bounded by the size of the parsed body, itself bounded by the body limit.
 */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  if (!isPlainObject(value)) return false;
  return Object.entries(value).some(([key, item]) => key.includes(NUL) || containsNul(item, depth + 1));
}

/**
 * Refuses, with a 400, any request whose path parameters, query or parsed body holds a NUL character.
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
