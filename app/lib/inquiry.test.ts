import { describe, expect, it } from 'vitest';
import { DATABASE_BUSY } from '#common/api-error.ts';
import { isClientError } from './inquiry.ts';

// The shapes the page action receives from the services: AppError's statusCode, code, message, headers.
const serviceError = (statusCode: number, code: string, message: string) => ({
  statusCode,
  code,
  message,
  headers: {},
});

describe('isClientError: what the contact page shows with the form instead of an error page', () => {
  it('shows a refusal (4xx) with its message', () => {
    expect(isClientError(serviceError(429, 'inquiry/too-many-requests', 'Please try again later.'))).toBe(true);
    expect(isClientError(serviceError(400, 'validation', 'Please enter your first name.'))).toBe(true);
  });

  it('shows the busy database (503) with its message, since nothing was saved and the form can be sent again', () => {
    const busy = { ...serviceError(503, DATABASE_BUSY.code, DATABASE_BUSY.message), headers: { 'retry-after': '3' } };
    expect(isClientError(busy)).toBe(true);
  });

  it('leaves any other server failure to the error page, whose message may not be shown', () => {
    expect(isClientError(serviceError(500, 'internal', 'Something went wrong on our side.'))).toBe(false);
    expect(isClientError(serviceError(503, 'draining', 'The server is stopping.'))).toBe(false);
    expect(isClientError(new Error('SQLITE_IOERR: disk I/O error'))).toBe(false);
  });
});
