import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  API_ERRORS,
  type ApiErrorCode,
  DATABASE_BUSY,
  DATABASE_DAMAGED,
  STORAGE_FULL,
  apiErrorMessage,
} from '#common/api-error.ts';

/** An error whose code and message are safe to show to the client. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/**
 * A refusal with a code of the closed vocabulary (common/api-error.ts), sent with that code's status; the
 * message defaults to the vocabulary's words, so a message shared by both sides is written once.
 */
export const refusal = (code: ApiErrorCode, message = apiErrorMessage(code), headers: Record<string, string> = {}) =>
  new AppError(API_ERRORS[code].status, code, message, headers);

export const badRequest = (code: ApiErrorCode, message?: string) =>
  new AppError(400, code, message ?? apiErrorMessage(code));
export const unauthorized = (message = apiErrorMessage('auth/unauthenticated')) =>
  new AppError(401, 'auth/unauthenticated', message);
export const forbidden = (code: ApiErrorCode, message?: string) =>
  new AppError(403, code, message ?? apiErrorMessage(code));
export const notFound = (what: string) => new AppError(404, 'not-found', `This ${what} does not exist.`);
export const conflict = (code: ApiErrorCode, message?: string) =>
  new AppError(409, code, message ?? apiErrorMessage(code));
export const payloadTooLarge = (message: string) => new AppError(413, 'payload-too-large', message);
export const tooManyRequests = (code: ApiErrorCode, message: string, retryAfterSeconds: number) =>
  new AppError(429, code, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** 507: the disk or bucket that holds uploads is full (ENOSPC, a quota, a full object store). */
export const insufficientStorage = () => new AppError(507, STORAGE_FULL.code, STORAGE_FULL.message);

/** 503: the database file is damaged; `cause` is SQLite's error that first showed it, for the log. */
export function databaseDamaged(cause?: unknown): AppError {
  const err = new AppError(503, DATABASE_DAMAGED.code, DATABASE_DAMAGED.message);
  err.cause = cause;
  return err;
}

/** 503: another program held the database's lock longer than the server waits; `cause` is the driver's error, for the log. */
export function databaseBusy(retryAfterSeconds: number, cause?: unknown): AppError {
  const err = new AppError(503, DATABASE_BUSY.code, DATABASE_BUSY.message, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
  err.cause = cause;
  return err;
}

/** One error handler: every API error is `{ error: { code, message } }`; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.statusCode >= 500) request.log.error({ err }, 'request failed');
      return reply
        .status(err.statusCode)
        .headers(err.headers)
        .send({ error: { code: err.code, message: err.message } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const message = first?.message ?? apiErrorMessage('validation');
      return reply.status(400).send({ error: { code: 'validation', message } });
    }
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(status).send({ error: { code: 'internal', message: apiErrorMessage('internal') } });
    }
    request.log.info({ err: { message: err.message, code: err.code } }, 'client error');
    const code = status === 413 ? 'payload-too-large' : status === 415 ? 'unsupported-media-type' : 'bad-request';
    return reply.status(status).send({ error: { code, message: err.message } });
  });
}
